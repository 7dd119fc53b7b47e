# The part of msgpack (1.x) jantaku uses; msgpack ships no type information.
from collections.abc import Callable, Iterator
from typing import Any

class UnpackException(Exception): ...
class BufferFull(UnpackException): ...
class OutOfData(UnpackException): ...
class FormatError(ValueError, UnpackException): ...
class StackError(ValueError, UnpackException): ...

class ExtType:
    code: int
    data: bytes
    def __init__(self, code: int, data: bytes) -> None: ...

class Packer:
    def __init__(
        self,
        *,
        use_bin_type: bool = ...,
        default: Callable[[Any], object] | None = ...,
        strict_types: bool = ...,
        datetime: bool = ...,
        autoreset: bool = ...,
    ) -> None: ...
    def pack(self, obj: object) -> bytes: ...

def packb(
    o: object,
    *,
    use_bin_type: bool = ...,
    default: Callable[[Any], object] | None = ...,
    strict_types: bool = ...,
    datetime: bool = ...,
) -> bytes: ...
def unpackb(
    packed: bytes,
    *,
    raw: bool = ...,
    strict_map_key: bool = ...,
    ext_hook: Callable[[int, bytes], object] = ...,
    max_buffer_size: int = ...,
    max_array_len: int = ...,
    max_map_len: int = ...,
    **kwargs: Any,
) -> Any: ...

class Unpacker(Iterator[Any]):
    def __init__(
        self,
        file_like: object = ...,
        *,
        read_size: int = ...,
        use_list: bool = ...,
        raw: bool = ...,
        strict_map_key: bool = ...,
        ext_hook: Callable[[int, bytes], object] = ...,
        max_buffer_size: int = ...,
        max_array_len: int = ...,
        max_map_len: int = ...,
        max_str_len: int = ...,
        max_bin_len: int = ...,
        max_ext_len: int = ...,
        **kwargs: Any,
    ) -> None: ...
    def feed(self, next_bytes: bytes | bytearray | memoryview) -> None: ...
    def tell(self) -> int: ...
    def __iter__(self) -> Unpacker: ...
    def __next__(self) -> Any: ...
