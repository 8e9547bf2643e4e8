from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from games.rules import words
        from tarokk_site.languages import translate

        # The rules core's messages (games.rules.words.Msg) speak the viewer's language.
        words.install_translator(translate)

        from allauth.account.signals import user_signed_up
        from django.contrib.auth.signals import user_logged_out

        from accounts.signals import session_renewed, session_renewing
        from games.bots import runner
        from games.live import session_moves
        from games.services import guest_logged_out, player_renamed
        from games.signals import hand_changed

        hand_changed.connect(runner.on_hand_changed, dispatch_uid="games.bots.runner")
        user_logged_out.connect(_close_sockets_of_session, dispatch_uid="games-close-sockets")
        # A guest who logs out can never come back: their seats are freed at once.
        user_logged_out.connect(guest_logged_out, dispatch_uid="games.guest_logged_out")
        # A guest who signs up keeps playing: the tables show the new name, the open pages follow
        # the renewed session (accounts.adapter).
        user_signed_up.connect(player_renamed, dispatch_uid="games.player_renamed")
        session_renewing.connect(session_moves.session_renewing, dispatch_uid="games.session_renewing")
        session_renewed.connect(session_moves.session_renewed, dispatch_uid="games.session_renewed")


def _close_sockets_of_session(sender, request, user, **kwargs) -> None:
    """A logout closes the websockets opened in that session: they render that user's seat."""
    from games import broadcast

    session = getattr(request, "session", None)
    key = getattr(session, "session_key", None)
    if key:
        broadcast.session_ended(key)
