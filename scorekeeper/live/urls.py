from django.urls import path

from . import views

urlpatterns = [path("sessions/<int:pk>/events/", views.session_events)]
