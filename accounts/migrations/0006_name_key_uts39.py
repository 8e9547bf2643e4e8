# The players' name keys again, by the full UTS #39 skeleton (accounts.names, issue 33): its
# multi-letter look-alikes ("rn" for "m", "vv" for "w", "cl" for "d") count from now on.

from django.db import migrations


def fill_name_keys(apps, schema_editor):
    from accounts.names import name_key

    User = apps.get_model("accounts", "User")
    for user in User.objects.only("pk", "username").iterator():
        User.objects.filter(pk=user.pk).update(name_key=name_key(user.username))


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0005_user_manager"),
    ]

    operations = [
        migrations.RunPython(fill_name_keys, migrations.RunPython.noop),
    ]
