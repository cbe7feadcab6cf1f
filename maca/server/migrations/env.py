"""Alembic's environment for the class server: migrations run on the connection `migrate`
(maca.server.db) passes in, inside its transaction; the models are the target schema."""
from __future__ import annotations

from alembic import context

from maca.server.models import Base


def run() -> None:
    """Run the migrations on the connection `maca.server.db.migrate` gives."""
    connection = context.config.attributes.get("connection")
    if connection is None:
        raise SystemExit("run the class server's migrations with maca.server.db.migrate(url)")
    context.configure(connection=connection, target_metadata=Base.metadata,
                      render_as_batch=connection.dialect.name == "sqlite", compare_type=True)
    context.run_migrations()


if hasattr(context, "config"):       # Alembic is running it (not a doctest collecting it)
    run()
