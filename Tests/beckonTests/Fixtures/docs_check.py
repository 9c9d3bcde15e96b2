"""Checks Beckon's documents: every relative link resolves, and every example runs or checks.

Usage: docs_check.py ROOT BIN [FILE.md ...]

ROOT is the repository, BIN the folder of its debug build (`beckon`, the Swift modules). Without
files, the README and every guide in Docs/ are checked. Each finding prints as
`FAIL FILE:LINE: what`, each block checked as `ok FILE:LINE LANGUAGE: how`; the last line is
`N blocks and M links checked, K failed`, and the exit status is 1 when any failed.

How a fenced block is checked, by its language, unless an HTML comment on the lines right above
it says otherwise (`<!-- docs: ... -->`; Docs/layout.md says the same for authors):

- sh: `bash -n`; every repository path it names exists; every `--product NAME` is a product of
  Package.swift; every `beckon WORD` names a subcommand (`beckon --help` lists it).
  `<!-- docs: run -->`: run with bash (errexit, pipefail) in a fresh folder holding a copy of
  Config/, with the debug build first on the PATH and a free port in place of 8080; it must exit
  0 within two minutes, and whatever it started is stopped after it. `<!-- docs: run with a
  server -->`: the same, with `beckon serve` started first on Config/example.yaml at that port.
- yaml: a Beckon configuration, checked with `beckon check` in a copy of Config/: as written when
  it has `version`, else merged into Config/example.yaml (mappings merged, the block's values
  win). `<!-- docs: schema: WHY -->`: checked against `beckon schema`'s JSON Schema instead, for
  a file whose plugins this machine cannot have (WHY says which). `<!-- docs: trace -->`: a trace, simulated on Config/example.yaml. `<!-- docs: yaml -->`:
  YAML that is not Beckon's (a CI step): parsed only.
- c: compiled (`cc -std=c11 -fsyntax-only -Wall -Werror`) against Beckon's two headers.
- swift: type-checked against the debug build's modules as a program's main file.
- python: compiled, and every module it imports is importable here. `<!-- docs: run -->`: run
  with this interpreter in a fresh folder holding a copy of Config/, with the debug build's
  libbeckon.so (`libBeckonC.so`) on the library path; it must exit 0.
- `<!-- docs: in FILE -->` (c, swift): the block replaces the line of FILE (repository-relative)
  that holds `BLOCK`, for a fragment that needs declarations around it; a FILE named
  Package.swift is type-checked as a package manifest.

Other languages (console transcripts, JSON, INI, plain text) are not checked.
"""
import os, py_compile, re, shutil, signal, socket, subprocess, sys, tempfile, time, importlib.util

import yaml

CHECKED = {"sh", "bash", "yaml", "c", "swift", "python"}
REPOSITORY_PATH = re.compile(r"(?<![\w./-])((?:Config|Docs|Scripts|Benchmarks|Plugins|Sources|Tests)/[\w./-]*\w)")


class Block:
    def __init__(self, file, line, language, text, directive):
        self.file, self.line, self.language, self.text, self.directive = file, line, language, text, directive
        # The directive's first word (`run`, `trace`, `yaml`, `schema`, `in`); what follows is its
        # file (`in FILE`) or the reason (`schema: why`).
        self.action = re.split(r"[\s:]", directive, maxsplit=1)[0]

    @property
    def where(self):
        return f"{self.file}:{self.line}"


def slug(text):
    text = re.sub(r"[^\w\- ]", "", text.strip().lower())
    return text.replace(" ", "-")


def anchors(lines):
    """The anchors GitHub makes for a document: headings (numbered when repeated) and <a id>."""
    seen, found, inside = {}, set(), False
    for line in lines:
        if re.match(r"^\s*```", line):
            inside = not inside
            continue
        if inside:
            continue
        found.update(re.findall(r'<a id="([^"]+)"', line))
        heading = re.match(r"^#{1,6} +(.*?)\s*$", line)
        if heading:
            base = slug(heading.group(1))
            count = seen.get(base, 0)
            found.add(base if count == 0 else f"{base}-{count}")
            seen[base] = count + 1
    return found


def parse(file, root):
    """The document's lines, its fenced blocks, and its links (line, target)."""
    lines = open(os.path.join(root, file), encoding="utf-8").read().split("\n")
    blocks, links, index = [], [], 0
    while index < len(lines):
        fence = re.match(r"^\s*```(\w*)\s*$", lines[index])
        if fence:
            end = index + 1
            while not re.match(r"^\s*```\s*$", lines[end]):
                end += 1
            directive, above = "", index - 1
            while above >= 0 and lines[above].strip().startswith("<!--"):
                found = re.match(r"^\s*<!-- docs: (.*?) -->\s*$", lines[above])
                directive = directive or (found.group(1) if found else "")
                above -= 1
            indent = len(lines[index]) - len(lines[index].lstrip())
            text = "\n".join(line[indent:] for line in lines[index + 1:end]) + "\n"
            blocks.append(Block(file, index + 1, fence.group(1), text, directive))
            index = end + 1
            continue
        for target in re.findall(r"\]\(([^)\s]+)\)", re.sub(r"`[^`]*`", "", lines[index])):
            links.append((index + 1, target))
        index += 1
    return lines, blocks, links


class Checker:
    def __init__(self, root, bin_folder):
        self.root, self.bin = root, bin_folder
        self.failures, self.checked_blocks, self.checked_links = 0, 0, 0
        self.subcommands = None
        manifest = open(os.path.join(root, "Package.swift"), encoding="utf-8").read()
        self.products = set(re.findall(r'\.(?:executable|library|plugin)\(\s*name:\s*"([^"]+)"', manifest))
        self.work = tempfile.mkdtemp(prefix="beckon-docs-")

    def fail(self, where, message):
        self.failures += 1
        print(f"FAIL {where}: {message}")

    def run(self, arguments, cwd=None, timeout=120, env=None):
        return subprocess.run(arguments, cwd=cwd, capture_output=True, text=True, timeout=timeout, env=env)

    def folder(self):
        """A fresh folder holding a copy of Config/ (the example, its include, traces, plugin)."""
        folder = tempfile.mkdtemp(dir=self.work)
        shutil.copytree(os.path.join(self.root, "Config"), os.path.join(folder, "Config"),
                        ignore=shutil.ignore_patterns("state"))
        return folder

    def environment(self, folder, **extra):
        """The environment an example runs in, in `folder`: the debug build first on the PATH,
        `folder` as HOME, no BECKON_CONFIG from the suite's own, and `extra`."""
        env = dict(os.environ, PATH=f"{self.bin}:{os.environ['PATH']}", HOME=folder, **extra)
        env.pop("BECKON_CONFIG", None)
        return env

    # Links

    def check_links(self, file, links):
        for line, target in links:
            if re.match(r"^[a-z]+:", target):
                continue
            self.checked_links += 1
            path, _, anchor = target.partition("#")
            resolved = os.path.normpath(os.path.join(os.path.dirname(os.path.join(self.root, file)), path)) if path \
                else os.path.join(self.root, file)
            if not os.path.exists(resolved):
                self.fail(f"{file}:{line}", f"link {target}: {os.path.relpath(resolved, self.root)} does not exist")
            elif anchor and resolved.endswith(".md"):
                if anchor not in anchors(open(resolved, encoding="utf-8").read().split("\n")):
                    self.fail(f"{file}:{line}", f"link {target}: {os.path.relpath(resolved, self.root)} has no heading #{anchor}")

    # Blocks

    def check(self, block):
        language = {"bash": "sh"}.get(block.language, block.language)
        if language not in CHECKED:
            return
        self.checked_blocks += 1
        try:
            how = getattr(self, f"check_{language}")(block)
        except subprocess.TimeoutExpired as timeout:
            self.fail(block.where, f"{block.language}: did not finish within {timeout.timeout:.0f} s")
            return
        if how:
            print(f"ok {block.where} {block.language}: {how}")

    def template(self, block, comment):
        """The block inside the file its `in FILE` directive names, or the block alone."""
        if block.action != "in":
            return block.text, None
        name = block.directive[3:].strip()
        text = open(os.path.join(self.root, name), encoding="utf-8").read()
        lines = text.split("\n")
        marker = next(index for index, line in enumerate(lines) if f"{comment} BLOCK" in line)
        return "\n".join(lines[:marker] + [block.text] + lines[marker + 1:]), name

    def check_sh(self, block):
        if block.action == "run":
            return self.run_sh(block)
        result = self.run(["bash", "-n", "-c", block.text])
        if result.returncode != 0:
            self.fail(block.where, f"sh does not parse: {result.stderr.strip()}")
            return None
        for path in REPOSITORY_PATH.findall(block.text):
            if not os.path.exists(os.path.join(self.root, path)) and not self.made_by_block(path, block.text):
                self.fail(block.where, f"sh names {path}, which is not in the repository")
                return None
        for product in re.findall(r"--product[ =]([\w-]+)", block.text):
            if product not in self.products:
                self.fail(block.where, f"sh builds --product {product}, which Package.swift does not declare")
                return None
        for word in re.findall(r"(?:^|[|&;(]\s*|\$\(\s*)beckon ([a-z][\w-]*)", block.text, re.M):
            if not self.is_subcommand(word):
                self.fail(block.where, f"sh runs 'beckon {word}', which is not a subcommand")
                return None
        return "parsed, paths, products and subcommands exist"

    def run_sh(self, block):
        """Runs the block in a copy of Config/, its port 8080 a free one, after starting
        `beckon serve` there on that port when the directive says `run with a server`; every
        process the block started is stopped after it."""
        folder = self.folder()
        env = self.environment(folder)
        port = free_port()
        text = block.text.replace("8080", str(port))
        server = None
        if block.directive == "run with a server":
            server = self.start_server(folder, port, env)
            if server is None:
                self.fail(block.where, "sh: beckon serve did not start on Config/example.yaml")
                return None
        # Output goes to a file, not a pipe: a server the block leaves running would hold a pipe open.
        log = open(os.path.join(folder, "block.log"), "w+", encoding="utf-8")
        process = subprocess.Popen(["bash", "-e", "-o", "pipefail", "-c", text], cwd=folder, env=env,
                                   stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        try:
            process.wait(timeout=120)
        finally:
            for started in [process, server]:
                if started is not None:
                    try:
                        os.killpg(started.pid, signal.SIGTERM)
                    except ProcessLookupError:
                        pass
            if server is not None:
                server.wait(timeout=30)
        log.seek(0)
        output = log.read()
        log.close()
        if process.returncode != 0:
            self.fail(block.where, f"sh exited {process.returncode}:\n{output}")
            return None
        return "ran" + (" against beckon serve" if server else "")

    def start_server(self, folder, port, env):
        """`beckon serve` on Config/example.yaml (its SQLite file in the copy) on `port`, once it
        answers /healthz; None when it did not within a minute."""
        server = subprocess.Popen([os.path.join(self.bin, "beckon"), "serve", "--config", "Config/example.yaml",
                                   "--listen", f"127.0.0.1:{port}"], cwd=folder, env=env, start_new_session=True,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(600):
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1) as connection:
                    connection.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                    if connection.recv(12).startswith(b"HTTP/1.1 200"):
                        return server
            except OSError:
                pass
            if server.poll() is not None:
                return None
            time.sleep(0.1)
        os.killpg(server.pid, signal.SIGTERM)
        return None

    @staticmethod
    def made_by_block(path, text):
        """Whether the block itself writes `path` (`> path`, `-o path`, `cp … path`)."""
        return re.search(rf"(>|-o|cp [^\n]*|install [^\n]*)\s*{re.escape(path)}", text) is not None

    def is_subcommand(self, word):
        """Whether `beckon --help` lists `word` among its subcommands (`--version` aside)."""
        if self.subcommands is None:
            help = self.run([os.path.join(self.bin, "beckon"), "--help"]).stdout
            listed = help.split("SUBCOMMANDS:", 1)[1] if "SUBCOMMANDS:" in help else ""
            self.subcommands = set(re.findall(r"^  ([a-z][\w-]*)", listed, re.M))
        return word in self.subcommands

    def check_yaml(self, block):
        try:
            document = yaml.safe_load(block.text)
        except yaml.YAMLError as error:
            self.fail(block.where, f"yaml does not parse: {error}")
            return None
        if block.action == "yaml":
            return "parsed"
        folder = self.folder()
        config = os.path.join(folder, "Config")
        if block.action == "trace":
            trace = os.path.join(config, "docs-trace.yaml")
            open(trace, "w", encoding="utf-8").write(block.text)
            example = self.memory_example(config)
            result = self.run([os.path.join(self.bin, "beckon"), "simulate", trace, "--config", example], cwd=config)
            if result.returncode not in (0, 1):
                self.fail(block.where, f"the trace does not simulate on Config/example.yaml:\n{result.stdout}{result.stderr}")
                return None
            return "simulated on Config/example.yaml"
        path = os.path.join(config, "docs-example.yaml")
        if isinstance(document, dict) and "version" in document:
            open(path, "w", encoding="utf-8").write(block.text)
            how = "beckon check"
        else:
            document = merge(self.example(config), document)
            yaml.safe_dump(document, open(path, "w", encoding="utf-8"), allow_unicode=True, sort_keys=False)
            how = "beckon check, merged into Config/example.yaml"
        if block.action == "schema":
            return self.validate(block, document, how.replace("beckon check", "the JSON Schema"))
        result = self.run([os.path.join(self.bin, "beckon"), "check", "--config", path], cwd=config)
        if result.returncode != 0:
            self.fail(block.where, f"{how} failed:\n{result.stdout}{result.stderr}")
            return None
        return how

    @staticmethod
    def example(config):
        """Config/example.yaml with its includes merged in, as one mapping."""
        example = yaml.safe_load(open(os.path.join(config, "example.yaml"), encoding="utf-8"))
        for name in example.pop("include", []):
            example = merge(example, yaml.safe_load(open(os.path.join(config, name), encoding="utf-8")))
        return example

    def validate(self, block, document, how):
        """Checks `document` against `beckon schema`'s JSON Schema (Config/beckon.schema.json)."""
        import json, jsonschema
        schema = json.load(open(os.path.join(self.root, "Config/beckon.schema.json"), encoding="utf-8"))
        errors = [f"/{'/'.join(str(part) for part in error.absolute_path)}: {error.message}"
                  for error in jsonschema.Draft202012Validator(schema).iter_errors(json.loads(json.dumps(document, default=str)))]
        if errors:
            self.fail(block.where, f"{how} finds:\n" + "\n".join(errors))
            return None
        return how

    def memory_example(self, config):
        """Config/example.yaml on the memory store, so that a simulation leaves no file."""
        example = self.example(config)
        example["store"] = {"backend": "memory"}
        path = os.path.join(config, "docs-memory-example.yaml")
        yaml.safe_dump(example, open(path, "w", encoding="utf-8"), allow_unicode=True, sort_keys=False)
        return path

    def check_c(self, block):
        source, template = self.template(block, "/*")
        path = os.path.join(tempfile.mkdtemp(dir=self.work), "example.c")
        open(path, "w", encoding="utf-8").write(source)
        result = self.run(["cc", "-std=c11", "-fsyntax-only", "-Wall", "-Werror",
                           "-I", os.path.join(self.root, "Sources/CBeckonPlugin/include"),
                           "-I", os.path.join(self.root, "Sources/CBeckon/include"), path])
        if result.returncode != 0:
            self.fail(block.where, f"c does not compile{f' in {template}' if template else ''}:\n{result.stderr}")
            return None
        return f"compiled{f' in {template}' if template else ''}"

    def check_swift(self, block):
        source, template = self.template(block, "//")
        folder = tempfile.mkdtemp(dir=self.work)
        if template and os.path.basename(template) == "Package.swift":
            path = os.path.join(folder, "Package.swift")
            open(path, "w", encoding="utf-8").write(source)
            manifest_api = os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(shutil.which("swiftc")))),
                                        "lib/swift/pm/ManifestAPI")
            arguments = ["swiftc", "-typecheck", "-I", manifest_api, "-package-description-version", "6.1", path]
        else:
            path = os.path.join(folder, "main.swift")
            open(path, "w", encoding="utf-8").write(source)
            arguments = ["swiftc", "-typecheck", "-I", os.path.join(self.bin, "Modules")]
            maps = [os.path.join(self.bin, name, "module.modulemap") for name in sorted(os.listdir(self.bin))
                    if name.endswith(".build")]
            maps += [os.path.join(self.root, "Sources", name, "module.modulemap") for name in sorted(os.listdir(os.path.join(self.root, "Sources")))]
            for module_map in maps:
                if os.path.exists(module_map):
                    arguments += ["-Xcc", f"-fmodule-map-file={module_map}"]
            arguments.append(path)
        result = self.run(arguments)
        if result.returncode != 0:
            self.fail(block.where, f"swift does not type-check{f' in {template}' if template else ''}:\n{result.stdout}{result.stderr}")
            return None
        return f"type-checked{f' in {template}' if template else ''}"

    def check_python(self, block):
        if block.action == "run":
            folder = self.folder()
            library = os.path.join(folder, "lib")
            os.mkdir(library)
            os.symlink(os.path.join(self.bin, "libBeckonC.so"), os.path.join(library, "libbeckon.so"))
            result = self.run([sys.executable, "-c", block.text], cwd=folder, env=self.environment(folder, LD_LIBRARY_PATH=library))
            if result.returncode != 0:
                self.fail(block.where, f"python exited {result.returncode}:\n{result.stdout}{result.stderr}")
                return None
            return "ran"
        path = os.path.join(tempfile.mkdtemp(dir=self.work), "example.py")
        open(path, "w", encoding="utf-8").write(block.text)
        try:
            py_compile.compile(path, doraise=True)
        except py_compile.PyCompileError as error:
            self.fail(block.where, f"python does not compile: {error.msg}")
            return None
        for module in re.findall(r"^\s*(?:from|import)\s+([\w.]+)", block.text, re.M):
            if importlib.util.find_spec(module) is None:
                self.fail(block.where, f"python imports {module}, which is not installed")
                return None
        return "compiled, imports found"


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def merge(base, fragment):
    if isinstance(base, dict) and isinstance(fragment, dict):
        merged = dict(base)
        for key, value in fragment.items():
            merged[key] = merge(base[key], value) if key in base else value
        return merged
    return fragment


def main():
    root, bin_folder, files = sys.argv[1], sys.argv[2], sys.argv[3:]
    if not files:
        files = ["README.md"] + sorted(os.path.join("Docs", name) for name in os.listdir(os.path.join(root, "Docs"))
                                       if name.endswith(".md"))
    checker = Checker(root, bin_folder)
    try:
        for file in files:
            _, blocks, links = parse(file, root)
            checker.check_links(file, links)
            for block in blocks:
                checker.check(block)
    finally:
        shutil.rmtree(checker.work, ignore_errors=True)
    print(f"{checker.checked_blocks} blocks and {checker.checked_links} links checked, {checker.failures} failed")
    sys.exit(1 if checker.failures else 0)


if __name__ == "__main__":
    main()
