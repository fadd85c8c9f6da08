from django.urls import path

from . import views

app_name = "rules"

urlpatterns = [
    path("<slug:game>/<str:language>/<slug:edition>/", views.edition_detail, name="edition-detail"),
]
