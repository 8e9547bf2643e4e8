from django.contrib import admin
from django.http import HttpRequest, HttpResponseRedirect
from django.templatetags.static import static
from django.urls import include, path

from accounts.views import signup
from tarokk_site import languages
from tarokk_site.limits import limited


def favicon(request: HttpRequest) -> HttpResponseRedirect:
    """Pages that do not extend base.html (the admin) still get an icon, not a 404, when the
    browser asks for /favicon.ico by itself."""
    return HttpResponseRedirect(static("img/favicon.svg"))


urlpatterns = [
    path("favicon.ico", favicon),
    path("admin/", admin.site.urls),
    path("language/", languages.switch, name="language"),
    path("accounts/", include("accounts.urls")),
    # allauth's sign-up, with a limit per address on the POSTs (allauth's own is per minute).
    path("accounts/signup/", limited("signup")(signup), name="account_signup"),
    path("accounts/", include("allauth.urls")),
    path("", include("games.urls")),
]

# django-allauth's own rate limits answer through this (tarokk_site/limits.py).
handler429 = "tarokk_site.limits.handler429"
