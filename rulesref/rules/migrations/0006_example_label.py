from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("rules", "0005_entrylink_method_structure"),
    ]

    operations = [
        migrations.AddField(
            model_name="example",
            name="label",
            field=models.CharField(blank=True, max_length=40, verbose_name="printed label"),
        ),
    ]
