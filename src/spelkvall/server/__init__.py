"""The web server: FastAPI app, match service, WebSocket hub, computer seats."""

from .app import Settings, create_app
from .service import MatchService, ServiceError

__all__ = ["MatchService", "ServiceError", "Settings", "create_app"]
