from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_out

        from games.services import guest_logged_out

        # A guest who logs out can never come back: their seats are freed at once.
        user_logged_out.connect(guest_logged_out, dispatch_uid="games.guest_logged_out")
