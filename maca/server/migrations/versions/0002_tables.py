"""The class tables: game tables with their seats, each table's append-only event log, the
leases that make one process a table's owner, rated results and class tournaments. Only new
tables: a 0001 database keeps every row.

Revision 0002, after 0001."""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op


revision = '0002'
down_revision = '0001'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('tournament',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('class_id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=200), nullable=False),
    sa.Column('settings', sa.JSON(), nullable=False),
    sa.Column('rounds', sa.Integer(), nullable=False),
    sa.Column('created', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['class_id'], ['school_class.id'], name=op.f('fk_tournament_class_id_school_class'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_tournament'))
    )
    op.create_index(op.f('ix_tournament_class_id'), 'tournament', ['class_id'])
    op.create_table('game_table',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('class_id', sa.Integer(), nullable=False),
    sa.Column('settings', sa.JSON(), nullable=False),
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.Column('host_pk', sa.Integer(), nullable=True),
    sa.Column('created', sa.DateTime(timezone=True), nullable=False),
    sa.Column('last_seq', sa.Integer(), nullable=False),
    sa.Column('tournament_id', sa.Integer(), nullable=True),
    sa.Column('round', sa.Integer(), nullable=True),
    sa.Column('record', sa.Text(), nullable=True),
    sa.Column('finished', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['class_id'], ['school_class.id'], name=op.f('fk_game_table_class_id_school_class'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['host_pk'], ['student.id'], name=op.f('fk_game_table_host_pk_student'), ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['tournament_id'], ['tournament.id'], name=op.f('fk_game_table_tournament_id_tournament'), ondelete='SET NULL'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_game_table'))
    )
    op.create_index('ix_game_table_class_status', 'game_table', ['class_id', 'status'])
    op.create_index(op.f('ix_game_table_status'), 'game_table', ['status'])
    op.create_index(op.f('ix_game_table_tournament_id'), 'game_table', ['tournament_id'])
    op.create_table('table_seat',
    sa.Column('table_id', sa.Integer(), nullable=False),
    sa.Column('seat', sa.Integer(), autoincrement=False, nullable=False),
    sa.Column('student_pk', sa.Integer(), nullable=True),
    sa.ForeignKeyConstraint(['student_pk'], ['student.id'], name=op.f('fk_table_seat_student_pk_student'), ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['table_id'], ['game_table.id'], name=op.f('fk_table_seat_table_id_game_table'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('table_id', 'seat', name=op.f('pk_table_seat'))
    )
    op.create_index(op.f('ix_table_seat_student_pk'), 'table_seat', ['student_pk'])
    op.create_table('table_event',
    sa.Column('table_id', sa.Integer(), nullable=False),
    sa.Column('seq', sa.Integer(), autoincrement=False, nullable=False),
    sa.Column('at', sa.Double(), nullable=False),
    sa.Column('data', sa.JSON(), nullable=False),
    sa.ForeignKeyConstraint(['table_id'], ['game_table.id'], name=op.f('fk_table_event_table_id_game_table'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('table_id', 'seq', name=op.f('pk_table_event'))
    )
    op.create_table('table_lease',
    sa.Column('table_id', sa.Integer(), autoincrement=False, nullable=False),
    sa.Column('process', sa.String(length=100), nullable=False),
    sa.Column('expires', sa.Double(), nullable=False),
    sa.ForeignKeyConstraint(['table_id'], ['game_table.id'], name=op.f('fk_table_lease_table_id_game_table'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('table_id', name=op.f('pk_table_lease'))
    )
    op.create_table('game_result',
    sa.Column('table_id', sa.Integer(), nullable=False),
    sa.Column('student_pk', sa.Integer(), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=False),
    sa.Column('rules', sa.String(length=32), nullable=False),
    sa.Column('level', sa.String(length=16), nullable=False),
    sa.Column('standing', sa.Integer(), nullable=True),
    sa.Column('left', sa.String(length=16), nullable=True),
    sa.Column('finished', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['student_pk'], ['student.id'], name=op.f('fk_game_result_student_pk_student'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['table_id'], ['game_table.id'], name=op.f('fk_game_result_table_id_game_table'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('table_id', 'student_pk', name=op.f('pk_game_result'))
    )
    op.create_index(op.f('ix_game_result_student_pk'), 'game_result', ['student_pk'])


def downgrade() -> None:
    op.drop_index(op.f('ix_game_result_student_pk'), table_name='game_result')
    op.drop_table('game_result')
    op.drop_table('table_lease')
    op.drop_table('table_event')
    op.drop_index(op.f('ix_table_seat_student_pk'), table_name='table_seat')
    op.drop_table('table_seat')
    op.drop_index(op.f('ix_game_table_tournament_id'), table_name='game_table')
    op.drop_index(op.f('ix_game_table_status'), table_name='game_table')
    op.drop_index('ix_game_table_class_status', table_name='game_table')
    op.drop_table('game_table')
    op.drop_index(op.f('ix_tournament_class_id'), table_name='tournament')
    op.drop_table('tournament')
