"""The SSH door's host key: made once, kept in the data directory.

Clients remember a server by its host key; a new key at every restart would
greet every returning player with OpenSSH's "REMOTE HOST IDENTIFICATION HAS
CHANGED" warning.
"""

from __future__ import annotations

import os
from pathlib import Path

import asyncssh

HOST_KEY_FILE = "ssh_host_ed25519_key"


def load_or_create_host_key(data_dir: str | Path) -> asyncssh.SSHKey:
    """The key in ``DATA_DIR/ssh_host_ed25519_key``, generated (mode 0600) if there is none."""
    path = Path(data_dir) / HOST_KEY_FILE
    if path.exists():
        return asyncssh.read_private_key(str(path))
    key = asyncssh.generate_private_key("ssh-ed25519", comment="jantaku host key")
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)  # private from the first byte
    with os.fdopen(fd, "wb") as f:
        f.write(key.export_private_key())
    try:
        os.link(tmp, path)  # two hosts starting at once: the first key written wins
    except FileExistsError:
        return asyncssh.read_private_key(str(path))
    finally:
        os.unlink(tmp)
    path.with_name(path.name + ".pub").write_bytes(key.export_public_key())
    return key


def fingerprint(key: asyncssh.SSHKey) -> str:
    """``SHA256:…``, as ``ssh-keygen -lf`` and OpenSSH's first-connection prompt show it."""
    return key.get_fingerprint("sha256")
