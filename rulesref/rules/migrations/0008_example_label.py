from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("rules", "0007_entry_changed_by_publisher"),
    ]

    operations = [
        migrations.AddField(
            model_name="example",
            name="label",
            field=models.CharField(blank=True, max_length=40, verbose_name="printed label"),
        ),
    ]
