from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("rules", "0006_game_registry"),
    ]

    operations = [
        migrations.AddField(
            model_name="entry",
            name="changed_by_publisher",
            field=models.BooleanField(
                default=False,
                help_text="The source marks this entry's text as new, changed or moved (a PDF prints it in colour).",
                verbose_name="marked as changed by the publisher",
            ),
        ),
    ]
