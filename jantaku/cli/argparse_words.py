"""argparse's own words, so that the catalogue translates them (``usage:``, ``options``, its errors).

argparse asks gettext's default domain for these msgids (:func:`jantaku.i18n.translate_argparse`
makes that domain ours).  They are listed here only to be extracted into the catalogue; nothing
imports this module.  ``tests/test_cli_language.py`` checks that the running Python's argparse
has no user-visible msgid missing from this list (a new Python may add one).
"""

from __future__ import annotations

from ..i18n import N_

ARGPARSE_WORDS = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
    N_("can't open '%(filename)s': %(error)s"),
    N_("unrecognized arguments: %s"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("unexpected option string: %s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("%(prog)s: error: %(message)s\n"),
)

# argparse's msgids that only a programmer building a parser can see (a mistake in our code, not the user's)
PROGRAMMER_ONLY = (
    ".__call__() not defined",
    "conflicting subparser: %s",
    "conflicting subparser alias: %s",
    'argument "-" with mode %r',
    "cannot merge actions - two groups are named %r",
    "'required' is an invalid argument for positionals",
    "invalid option string %(option)r: must start with a character %(prefix_chars)r",
    "dest= is required for options like %r",
    "invalid conflict_resolution value: %r",
    "conflicting option string: %s",
    "mutually exclusive arguments must be optional",
    "cannot have multiple subparser arguments",
    "%r is not callable",
    "expected %s argument",  # nargs=N: not used by our parsers
)
