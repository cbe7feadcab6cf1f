"""The class server's tables: teachers, classes and their students, assignments, the log of
answers, each student's graded progress, student sessions, and the server's settings.

Revision 0001, the first."""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op


revision = '0001'
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('setting',
    sa.Column('name', sa.String(length=64), nullable=False),
    sa.Column('value', sa.LargeBinary(), nullable=False),
    sa.PrimaryKeyConstraint('name', name=op.f('pk_setting'))
    )
    op.create_table('teacher',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=100), nullable=False),
    sa.Column('password_hash', sa.String(length=200), nullable=False),
    sa.Column('created', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_teacher')),
    sa.UniqueConstraint('name', name=op.f('uq_teacher_name'))
    )
    op.create_table('school_class',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('teacher_id', sa.Integer(), nullable=False),
    sa.Column('course', sa.String(length=200), nullable=False),
    sa.Column('code', sa.String(length=16), nullable=False),
    sa.Column('source_name', sa.String(length=300), nullable=False),
    sa.Column('created', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['teacher_id'], ['teacher.id'], name=op.f('fk_school_class_teacher_id_teacher'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_school_class')),
    sa.UniqueConstraint('code', name=op.f('uq_school_class_code'))
    )
    op.create_index(op.f('ix_school_class_teacher_id'), 'school_class', ['teacher_id'])
    op.create_table('assignment',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('class_id', sa.Integer(), nullable=False),
    sa.Column('set_id', sa.String(length=64), nullable=False),
    sa.Column('name', sa.String(length=200), nullable=False),
    sa.Column('due', sa.DateTime(timezone=True), nullable=True),
    sa.Column('hints', sa.String(length=16), nullable=False),
    sa.Column('created', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['class_id'], ['school_class.id'], name=op.f('fk_assignment_class_id_school_class'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_assignment')),
    sa.UniqueConstraint('class_id', 'name', name=op.f('uq_assignment_class_id_name'))
    )
    op.create_table('student',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('class_id', sa.Integer(), nullable=False),
    sa.Column('student_id', sa.String(length=200), nullable=False),
    sa.Column('name', sa.String(length=200), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.Column('idnumber', sa.String(length=200), nullable=True),
    sa.Column('email', sa.String(length=200), nullable=True),
    sa.Column('sis_user_id', sa.String(length=200), nullable=True),
    sa.Column('sis_login_id', sa.String(length=200), nullable=True),
    sa.Column('section', sa.String(length=200), nullable=True),
    sa.Column('join_code', sa.String(length=16), nullable=False),
    sa.ForeignKeyConstraint(['class_id'], ['school_class.id'], name=op.f('fk_student_class_id_school_class'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_student')),
    sa.UniqueConstraint('class_id', 'join_code', name=op.f('uq_student_class_id_join_code')),
    sa.UniqueConstraint('class_id', 'student_id', name=op.f('uq_student_class_id_student_id'))
    )
    op.create_table('answer_event',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('assignment_id', sa.Integer(), nullable=False),
    sa.Column('student_pk', sa.Integer(), nullable=False),
    sa.Column('client_id', sa.String(length=80), nullable=False),
    sa.Column('received', sa.DateTime(timezone=True), nullable=False),
    sa.Column('source', sa.String(length=300), nullable=True),
    sa.Column('document', sa.Text(), nullable=False),
    sa.Column('scores', sa.JSON(), nullable=False),
    sa.Column('score', sa.Integer(), nullable=False),
    sa.Column('max_score', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['assignment_id'], ['assignment.id'], name=op.f('fk_answer_event_assignment_id_assignment'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['student_pk'], ['student.id'], name=op.f('fk_answer_event_student_pk_student'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_answer_event')),
    sa.UniqueConstraint('student_pk', 'client_id', name=op.f('uq_answer_event_student_pk_client_id'))
    )
    op.create_index(op.f('ix_answer_event_assignment_student'), 'answer_event', ['assignment_id', 'student_pk'])
    op.create_table('progress',
    sa.Column('assignment_id', sa.Integer(), nullable=False),
    sa.Column('student_pk', sa.Integer(), nullable=False),
    sa.Column('document', sa.Text(), nullable=False),
    sa.Column('scores', sa.JSON(), nullable=False),
    sa.Column('score', sa.Integer(), nullable=False),
    sa.Column('max_score', sa.Integer(), nullable=False),
    sa.Column('unusual', sa.JSON(), nullable=False),
    sa.Column('notes', sa.JSON(), nullable=False),
    sa.Column('updated', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['assignment_id'], ['assignment.id'], name=op.f('fk_progress_assignment_id_assignment'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['student_pk'], ['student.id'], name=op.f('fk_progress_student_pk_student'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('assignment_id', 'student_pk', name=op.f('pk_progress'))
    )
    op.create_table('student_session',
    sa.Column('token_hash', sa.String(length=64), nullable=False),
    sa.Column('student_pk', sa.Integer(), nullable=False),
    sa.Column('created', sa.DateTime(timezone=True), nullable=False),
    sa.Column('last_seen', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['student_pk'], ['student.id'], name=op.f('fk_student_session_student_pk_student'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('token_hash', name=op.f('pk_student_session'))
    )
    op.create_index(op.f('ix_student_session_student_pk'), 'student_session', ['student_pk'])


def downgrade() -> None:
    op.drop_index(op.f('ix_student_session_student_pk'), table_name='student_session')
    op.drop_table('student_session')
    op.drop_table('progress')
    op.drop_index(op.f('ix_answer_event_assignment_student'), table_name='answer_event')
    op.drop_table('answer_event')
    op.drop_table('student')
    op.drop_table('assignment')
    op.drop_index(op.f('ix_school_class_teacher_id'), table_name='school_class')
    op.drop_table('school_class')
    op.drop_table('teacher')
    op.drop_table('setting')
