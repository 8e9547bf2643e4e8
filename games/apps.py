from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from games.bots import runner
        from games.signals import hand_changed

        hand_changed.connect(runner.on_hand_changed, dispatch_uid="games.bots.runner")
