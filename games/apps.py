from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Imported here, not at the top: Django imports this module before the models, which
        # the modules below import; ``ready`` runs once they are loaded.
        from games.rules import words
        from tarokk_site.languages import translate

        # The rules core's messages (games.rules.words.Msg) speak the viewer's language.
        words.install_translator(translate)

        # The wiring of the layers: each connection lets a lower layer announce or ask without
        # importing the one above it.
        from allauth.account.signals import user_signed_up
        from django.contrib.auth.signals import user_logged_out

        from accounts.signals import session_renewed, session_renewing
        from games.analysis import jobs as analysis_jobs
        from games.analysis import views as analysis_views
        from games.autoplay import background, robots, runner
        from games.bots import get_robot
        from games.history import parts as replay_parts
        from games.live import session_moves
        from games.page.context import install_guide_panel
        from games.services import guest_logged_out, player_renamed
        from games.services.moves import install_guided_refusal
        from games.signals import hand_changed, hand_finished, match_ended
        from games.standings import events as standings
        from games.tournaments import driver as tournament_driver
        from games.tournaments import events as tournaments
        from games.tutorial import guide
        from games.tutorial.robot import SCRIPT_ROBOT, ScriptRobot
        from games.tutorial.tables import guide_panel

        hand_changed.connect(runner.on_hand_changed, dispatch_uid="games.autoplay.runner")
        # The standings follow the finished hands and matches (a feature above the writer).
        hand_finished.connect(standings.on_hand_finished, dispatch_uid="games.standings.hand_finished")
        match_ended.connect(standings.on_match_ended, dispatch_uid="games.standings.match_ended")
        # A tournament's page follows its tables' finished hands; its driver (starts, next deals,
        # rounds) runs where the robots run.
        hand_finished.connect(tournaments.on_hand_finished, dispatch_uid="games.tournaments.hand_finished")
        background.install("tournaments", tournament_driver.start_loop)
        # A guided hand: the writer refuses a move off its script with the tutorial's reason, its
        # page shows the guide's panel, and the robot runner plays its robots' seats by the script.
        install_guided_refusal(guide.refusal)
        install_guide_panel(guide_panel)
        robots.register(SCRIPT_ROBOT, ScriptRobot(fallback=get_robot("basic")))
        # The analysis of finished hands runs where the robots run (started with them), and
        # shows itself in the replay.
        background.install("analysis", analysis_jobs.start)
        replay_parts.install("analysis", analysis_views.replay_part)
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
    session = getattr(request, "session", None)
    key = getattr(session, "session_key", None)
    if key:
        from games.services import broadcast  # Django loads apps.py before the models it imports

        broadcast.session_ended(key)
