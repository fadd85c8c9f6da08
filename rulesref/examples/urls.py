from django.urls import path

from . import views

app_name = "examples"

urlpatterns = [
    path("", views.index, name="index"),
    path("coverage/", views.coverage, name="coverage"),
    path("<slug:slug>/", views.detail, name="detail"),
]
