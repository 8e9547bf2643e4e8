from django.db import migrations, models
from django.db.models import F


def every_move_so_far_was_public(apps, schema_editor):
    # Hands before this migration were Hungarian only, where every move is public.
    apps.get_model("games", "Hand").objects.update(public_seq=F("seq"))


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0005_room_ended_match"),
    ]

    operations = [
        migrations.AddField(
            model_name="hand",
            name="public_seq",
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.AddField(
            model_name="handaction",
            name="public",
            field=models.BooleanField(default=True),
        ),
        migrations.RunPython(every_move_so_far_was_public, migrations.RunPython.noop),
    ]
