from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0004_turn_clock"),
    ]

    operations = [
        migrations.AddField(
            model_name="room",
            name="ended_match",
            field=models.PositiveIntegerField(default=0),
        ),
    ]
