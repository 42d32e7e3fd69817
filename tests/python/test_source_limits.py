"""Size limits of the sources (docs/design.md, Conventions): no file in cpp/, python/ or tests/
over 600 lines and no C++ function over 80 lines, so that every file and function can be read
whole. Functions are found by a brace-counting scanner (cpp_functions below), tested here on
snippets so that it can be seen catching a long function."""

import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
MAX_FILE_LINES = 600
MAX_FUNCTION_LINES = 80
SOURCE_SUFFIXES = {".h", ".hpp", ".cpp", ".cc", ".py"}
CPP_SUFFIXES = {".h", ".hpp", ".cpp", ".cc"}

# Known violations, "path:function" or "path" for a whole file: none. An entry may only name a
# game folder (cpp/games/<game>/, cpp/engine/<game>/; test_allow_list_only_names_game_folders).
ALLOWED: set[str] = set()
GAME_FOLDER = re.compile(r"^cpp/(games|engine)/[^/]+/")

_CONTAINER = re.compile(r"^(template\s*<.*>\s*)?(inline\s+)?(namespace|class|struct|union|enum)\b"
                        r"|^extern\s+\"C\"", re.S)
_FUNCTION_TAIL = re.compile(
    r"\)\s*(const|volatile|noexcept(\s*\([^)]*\))?|override|final|mutable|&&?|"
    r"->\s*[\w:<>,&*\s]+?|\s)*$", re.S)
_CTOR_INIT = re.compile(r"\)\s*(noexcept\s*)?:(?!:)", re.S)


def _blank_comments_and_literals(text):
    """`text` with comments, string and character literals replaced by spaces (newlines kept),
    so that braces inside them are not counted and line numbers stay right."""
    out = []
    i, n = 0, len(text)

    def blank(s):
        return "".join(c if c == "\n" else " " for c in s)

    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(blank(text[i:j]))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(blank(text[i:j]))
            i = j
        elif c == "R" and text.startswith('R"', i) and (i == 0 or not text[i - 1].isalnum()):
            open_paren = text.find("(", i + 2)
            delimiter = text[i + 2:open_paren]
            j = text.find(")" + delimiter + '"', open_paren)
            j = n if j < 0 else j + len(delimiter) + 2
            out.append('""' + blank(text[i + 2:j]))
            i = j
        elif c in "\"'":
            if c == "'" and i > 0 and text[i - 1].isalnum():  # digit separator: 1'000
                out.append(c)
                i += 1
                continue
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            j = min(j + 1, n)
            out.append(c + blank(text[i + 1:j - 1]) + c)
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)


def cpp_functions(text):
    """(name, first line, line count) of each function body in C++ source `text`, counted from
    the first line of its declaration to its closing brace. Blocks inside a function (lambdas,
    loops) count toward it; class and namespace bodies are looked into."""
    code = _blank_comments_and_literals(text)
    # Preprocessor lines are neither headers nor code of a function's header.
    code = re.sub(r"^[ \t]*#.*?(?<!\\)$", lambda m: " " * len(m.group(0)), code, flags=re.M | re.S)
    functions = []
    stack = []  # per open brace: ("container" | "function" | "init" | "other", start, name)
    header_start = 0
    for i, c in enumerate(code):
        if c == ";":
            if not stack or stack[-1][0] == "container":
                header_start = i + 1
        elif c == "{":
            if stack and stack[-1][0] in ("function", "other", "init"):
                stack.append(("inner", i, ""))
                continue
            header = code[header_start:i].strip()
            if _CONTAINER.match(header):
                stack.append(("container", i, ""))
                header_start = i + 1
            elif _CTOR_INIT.search(header) and re.search(r"[\w>]$", header):
                stack.append(("init", i, ""))  # a member initializer: `: a_{1}, b_{2} {`
            elif _CTOR_INIT.search(header) or _FUNCTION_TAIL.search(header):
                start = header_start + (len(code[header_start:i]) - len(code[header_start:i].lstrip()))
                name = re.findall(r"([~\w]+|operator\S+)\s*\(", header)
                stack.append(("function", start, name[0] if name else "?"))
            else:
                stack.append(("other", i, ""))
        elif c == "}" and stack:
            kind, start, name = stack.pop()
            if kind == "init":
                continue  # the header goes on to the body's brace
            if kind == "function":
                first = code.count("\n", 0, start) + 1
                last = code.count("\n", 0, i) + 1
                functions.append((name, first, last - first + 1))
            if kind != "inner":
                header_start = i + 1
    return functions


def _sources(suffixes):
    for top in ("cpp", "python", "tests"):
        for path in sorted((ROOT / top).rglob("*")):
            if path.suffix in suffixes and path.is_file():
                yield path, path.relative_to(ROOT).as_posix()


def test_no_source_file_over_600_lines():
    too_long = []
    for path, rel in _sources(SOURCE_SUFFIXES):
        lines = path.read_text(encoding="utf-8").count("\n")
        if lines > MAX_FILE_LINES and rel not in ALLOWED:
            too_long.append(f"{rel}: {lines} lines")
    assert not too_long, f"files over {MAX_FILE_LINES} lines:\n" + "\n".join(too_long)


def test_no_cpp_function_over_80_lines():
    too_long = []
    for path, rel in _sources(CPP_SUFFIXES):
        for name, first, count in cpp_functions(path.read_text(encoding="utf-8")):
            if count > MAX_FUNCTION_LINES and f"{rel}:{name}" not in ALLOWED:
                too_long.append(f"{rel}:{first}: {name} is {count} lines")
    assert not too_long, f"functions over {MAX_FUNCTION_LINES} lines:\n" + "\n".join(too_long)


def test_allow_list_only_names_game_folders():
    assert all(GAME_FOLDER.match(entry) for entry in ALLOWED), sorted(ALLOWED)


# The scanner itself, on hand-written snippets (line counts by hand).


def _body(lines):
    return "\n".join(f"  x += {k};" for k in range(lines))


def test_scanner_catches_a_long_function():
    text = "namespace hz {\nint long_one(int x) {\n" + _body(80) + "\n  return x;\n}\n}\n"
    # declaration line + 80 statements + return + closing brace = 83 lines, from line 2
    assert cpp_functions(text) == [("long_one", 2, 83)]


def test_scanner_counts_the_declaration_lines_and_ignores_braces_in_text():
    text = ('template <class T>\nstd::string\nf(T t) const noexcept {\n'
            '  const char* s = "{{{ // }";\n  char c = \'{\';  // {\n  /* { */\n'
            '  auto r = R"({)";\n  return s;\n}\n')
    assert cpp_functions(text) == [("f", 1, 9)]


def test_scanner_looks_into_classes_and_skips_initializers():
    text = ("struct A : B {\n  int v{0};\n  std::vector<int> w = {1, 2};\n"
            "  A(int x) : v{x}, w{x, x} {\n    v += 1;\n  }\n"
            "  int get() const { return v; }\n};\n"
            "const int table[] = {1, 2, 3};\n"
            "TEST(Suite, Name) {\n  if (x) {\n    y();\n  }\n}\n")
    assert cpp_functions(text) == [("A", 4, 3), ("get", 7, 1), ("TEST", 10, 5)]


@pytest.mark.parametrize("limit_hit", [80, 81])
def test_scanner_limit_is_inclusive(limit_hit):
    # A function of exactly 80 lines passes, 81 fails: header + body + closing brace.
    text = "void f() {\n" + _body(limit_hit - 2) + "\n}\n"
    [(_, _, count)] = cpp_functions(text)
    assert count == limit_hit
    assert (count > MAX_FUNCTION_LINES) == (limit_hit == 81)
