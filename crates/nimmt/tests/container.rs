//! The packaging: `Containerfile`, `compose.yaml`, `deploy/Caddyfile` (docs/deploy.md, "In
//! containers").
//!
//! The image: built with Podman from the real `Containerfile`, its stages `binary` and `runtime`
//! replaced by images given with `--build-context`. No registry is reachable where the tests
//! run, so the base is made here from this machine's files (the C library and curl, a user
//! 10001 and its volume directory, as the `runtime` stage makes them) and the binary is the one
//! cargo built for the tests (no second build of the workspace). Started, the container must
//! serve `/healthz` and the browser client, pass its HEALTHCHECK, run as user 10001 with the
//! SQLite database in its volume, and exit 0 on `podman stop`. Where Podman is missing or cannot
//! run a container, that test prints one line `skipped: …` and passes.
//!
//! The compose file: its nodes' `NIMMT_…` settings are accepted by `nimmt serve`, only Caddy is
//! published, and the Caddyfile it mounts is valid (`caddy adapt`), proxies to
//! those nodes and keeps `/metrics` from the public.

#![cfg(target_os = "linux")]

use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn run(program: &str, args: &[&str]) -> Output {
    Command::new(program)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {program}: {e}"))
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).trim().to_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).trim().to_owned()
}

/// `program` can be started (`program ARG` answers, ARG being `--version` or `version`).
fn have(program: &str, arg: &str) -> bool {
    Command::new(program)
        .arg(arg)
        .output()
        .is_ok_and(|o| o.status.success())
}

// ---------------------------------------------------------------------------------------------
// compose.yaml and the Caddyfile

/// The values a host sets for compose.yaml's variables in the tests.
const PASSWORD: &str = "pw-of-the-test";
const DOMAIN: &str = "nimmt.example.org";

/// compose.yaml as JSON (YAML read by Python's `yaml`, anchors and merge keys resolved), or
/// why it cannot be read here.
fn compose() -> Result<Value, String> {
    let script = "import json, sys, yaml; print(json.dumps(yaml.safe_load(open(sys.argv[1]))))";
    let file = repo().join("compose.yaml");
    let out = Command::new("python3")
        .args(["-c", script])
        .arg(&file)
        .output()
        .map_err(|e| format!("python3 is missing ({e})"))?;
    if !out.status.success() {
        let err = stderr(&out);
        if err.contains("No module named 'yaml'") {
            return Err("Python's yaml module is missing (Debian: python3-yaml)".into());
        }
        panic!("compose.yaml is not valid YAML: {err}");
    }
    Ok(serde_json::from_slice(&out.stdout).expect("JSON from python"))
}

/// Compose's interpolation: `${NAME}`, `${NAME:-default}`, `${NAME:?error}` with the host's
/// values above.
fn interpolate(s: &str) -> String {
    let host = |name: &str| match name {
        "POSTGRES_PASSWORD" => Some(PASSWORD),
        "NIMMT_DOMAIN" => Some(DOMAIN),
        _ => None,
    };
    let mut out = String::new();
    let mut rest = s;
    while let Some(start) = rest.find("${") {
        out.push_str(&rest[..start]);
        let end = rest[start..].find('}').expect("closed ${…}") + start;
        let inner = &rest[start + 2..end];
        let (name, fallback) = match inner.find(":-").or_else(|| inner.find(":?")) {
            Some(i) => (&inner[..i], Some(&inner[i..])),
            None => (inner, None),
        };
        let value = match (host(name), fallback) {
            (Some(v), _) => v.to_owned(),
            (None, Some(f)) if f.starts_with(":-") => f[2..].to_owned(),
            _ => panic!("compose.yaml needs ${{{name}}}, which the test does not know"),
        };
        out.push_str(&value);
        rest = &rest[end + 1..];
    }
    out.push_str(rest);
    out
}

/// A service's environment, interpolated.
fn environment(service: &Value) -> BTreeMap<String, String> {
    let env = service["environment"]
        .as_object()
        .expect("environment as a map");
    env.iter()
        .map(|(k, v)| {
            let v = match v {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            };
            (k.clone(), interpolate(&v))
        })
        .collect()
}

/// The value of `key` in printed TOML (`key = value`).
fn value<'a>(toml: &'a str, key: &str) -> Option<&'a str> {
    toml.lines()
        .find_map(|l| l.strip_prefix(&format!("{key} = ")))
        .map(str::trim)
}

#[test]
fn compose_runs_two_nodes_behind_caddy_on_postgres_and_nats_with_settings_the_room_accepts() {
    let compose = match compose() {
        Ok(c) => c,
        Err(why) => {
            println!("skipped: compose.yaml cannot be read here: {why}");
            return;
        }
    };
    let services = compose["services"].as_object().expect("services");
    let names: BTreeSet<&str> = services.keys().map(String::as_str).collect();
    assert_eq!(
        names,
        BTreeSet::from(["caddy", "nats", "node1", "node2", "postgres"])
    );
    let caddy = &services["caddy"];
    // Only Caddy is reached from outside.
    let published: Vec<&str> = services
        .iter()
        .filter(|(_, service)| service.get("ports").is_some())
        .map(|(name, _)| name.as_str())
        .collect();
    assert_eq!(published, ["caddy"]);
    let mounts: Vec<&str> = caddy["volumes"]
        .as_array()
        .expect("Caddy's volumes")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert!(
        mounts.contains(&"./deploy/Caddyfile:/etc/caddy/Caddyfile:ro"),
        "{mounts:?}"
    );
    let ports = caddy["ports"].to_string();
    assert!(ports.contains("443:443"), "Caddy publishes HTTPS: {ports}");
    assert!(
        services["nats"]["command"].to_string().contains("\"-js\""),
        "NATS with JetStream"
    );

    let mut node_names = BTreeSet::new();
    for node in ["node1", "node2"] {
        let service = &services[node];
        assert_eq!(service["build"]["dockerfile"], "Containerfile");
        let check = service["healthcheck"]["test"].to_string();
        assert!(check.contains("/healthz"), "{node}'s health check: {check}");
        let env = environment(service);
        // Every variable is a setting of `nimmt serve`, and together they are accepted.
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_nimmt"));
        cmd.args(["serve", "--print-config"])
            .current_dir(std::env::temp_dir());
        for (key, _) in std::env::vars() {
            if key.starts_with("NIMMT_") {
                cmd.env_remove(key);
            }
        }
        cmd.envs(&env);
        let out = cmd.output().expect("nimmt runs");
        let printed = stdout(&out);
        assert!(out.status.success(), "{node}'s settings: {}", stderr(&out));
        let name = value(&printed, "node_name").expect("a node name");
        node_names.insert(name.to_owned());
        assert_eq!(value(&printed, "addr"), Some("\"0.0.0.0:8080\""));
        assert_eq!(value(&printed, "cluster"), Some("\"nats://nats:4222\""));
        assert_eq!(
            value(&printed, "database"),
            Some("\"postgres://nimmt:****@postgres:5432/nimmt\""),
            "the nodes share PostgreSQL, the password from POSTGRES_PASSWORD"
        );
        assert!(env["NIMMT_DATABASE"].contains(PASSWORD));
        assert_eq!(
            value(&printed, "public_url"),
            Some(format!("[\"https://{DOMAIN}\"]").as_str())
        );
        // Caddy's address on the project's network, which the engine picks from a private
        // range; nothing outside that network reaches the nodes.
        assert_eq!(
            value(&printed, "trusted_proxy"),
            Some("[\"10.0.0.0/8\", \"172.16.0.0/12\", \"192.168.0.0/16\"]")
        );
    }
    assert_eq!(node_names.len(), 2, "each node has its own name");
    assert_eq!(
        interpolate(
            services["postgres"]["environment"]["POSTGRES_PASSWORD"]
                .as_str()
                .unwrap()
        ),
        PASSWORD
    );

    // The Caddyfile compose mounts: valid, for NIMMT_DOMAIN, spreading over both nodes with
    // health checks on /healthz.
    if !have("caddy", "version") {
        println!("skipped: deploy/Caddyfile not checked, caddy is not installed");
        return;
    }
    let out = Command::new("caddy")
        .args(["adapt", "--adapter", "caddyfile", "--config"])
        .arg(repo().join("deploy/Caddyfile"))
        .env(
            "NIMMT_DOMAIN",
            interpolate(caddy["environment"]["NIMMT_DOMAIN"].as_str().unwrap()),
        )
        .output()
        .expect("caddy runs");
    assert!(out.status.success(), "caddy adapt: {}", stderr(&out));
    let config: Value = serde_json::from_slice(&out.stdout).expect("caddy adapt prints JSON");
    let text = config.to_string();
    assert!(text.contains(&format!("\"host\":[\"{DOMAIN}\"]")), "{text}");
    for node in ["node1", "node2"] {
        assert!(
            text.contains(&format!("{{\"dial\":\"{node}:8080\"}}")),
            "{text}"
        );
    }
    assert!(text.contains("\"uri\":\"/healthz\""), "{text}");
    // /metrics stays inside (docs/deploy.md, Monitoring): answered 404 before the proxy.
    let closed = "{\"handle\":[{\"handler\":\"static_response\",\"status_code\":404}],\
                  \"match\":[{\"path\":[\"/metrics\"]}]}";
    let proxied = text.find("\"handler\":\"reverse_proxy\"");
    assert!(
        text.find(closed).is_some_and(|at| Some(at) < proxied),
        "{text}"
    );
}

// ---------------------------------------------------------------------------------------------
// The image

/// Podman's options for running containers here: the runtime that works, and limits the
/// machine allows (Podman's defaults for root, a million open files, are above some sandboxes'
/// hard limits).
fn run_options(base: &str) -> Result<Vec<String>, String> {
    let limits = std::fs::read_to_string("/proc/self/limits").unwrap_or_default();
    let nofile = limits
        .lines()
        .find(|l| l.starts_with("Max open files"))
        .and_then(|l| l.split_whitespace().nth(3))
        .and_then(|n| n.parse::<u64>().ok())
        .unwrap_or(1024)
        .min(65536);
    let limits = vec![
        format!("--ulimit=nofile={nofile}:{nofile}"),
        "--ulimit=nproc=4096:4096".to_owned(),
    ];
    let mut why = String::new();
    // crun refuses cgroups in "hybrid" mode; runc copes.
    for runtime in [None, Some("runc")] {
        let mut options = limits.clone();
        if let Some(r) = runtime {
            if !have(r, "--version") {
                continue;
            }
            options.insert(0, format!("--runtime={r}"));
        }
        let mut args = vec!["run", "--rm"];
        args.extend(options.iter().map(String::as_str));
        args.extend([base, "/usr/bin/curl", "--version"]);
        let out = run("podman", &args);
        if out.status.success() {
            return Ok(options);
        }
        why = stderr(&out).lines().last().unwrap_or_default().to_owned();
    }
    Err(why)
}

/// Removes what the test made in Podman's storage, also when it fails.
struct Cleanup(Vec<Vec<String>>);

impl Drop for Cleanup {
    fn drop(&mut self) {
        for args in self.0.iter().rev() {
            let _ = Command::new("podman").args(args).output();
        }
    }
}

/// Copies `file` (symbolic links followed) to the same path under `root`.
fn copy_into(root: &Path, file: &str) {
    let to = root.join(file.trim_start_matches('/'));
    std::fs::create_dir_all(to.parent().unwrap()).unwrap();
    std::fs::copy(file, &to).unwrap_or_else(|e| panic!("copy {file}: {e}"));
}

/// The shared libraries `binary` loads (`ldd`).
fn libraries(binary: &str) -> Vec<String> {
    let out = run("ldd", &[binary]);
    assert!(out.status.success(), "ldd {binary}: {}", stderr(&out));
    stdout(&out)
        .split_whitespace()
        .filter(|w| w.starts_with('/'))
        .map(str::to_owned)
        .collect()
}

/// Makes a tarball of `dir` (as root:root; `owned` paths as 10001:10001) and imports it.
fn import(dir: &Path, owned: &[&str], image: &str) {
    let tar = dir.with_extension("tar");
    let mut create = Command::new("tar");
    create
        .arg("-C")
        .arg(dir)
        .args(["--owner=0", "--group=0", "-cf"])
        .arg(&tar);
    for o in owned {
        create.arg(format!("--exclude=./{o}"));
    }
    assert!(create.arg(".").status().unwrap().success());
    for o in owned {
        let ok = Command::new("tar")
            .arg("-C")
            .arg(dir)
            .args(["--owner=10001", "--group=10001", "--no-recursion", "-rf"])
            .arg(&tar)
            .arg(format!("./{o}"))
            .status()
            .unwrap()
            .success();
        assert!(ok);
    }
    let out = run("podman", &["import", "-q", tar.to_str().unwrap(), image]);
    assert!(out.status.success(), "podman import: {}", stderr(&out));
}

/// `GET path` on 127.0.0.1:port: (status, body), or None while nothing answers.
fn get(port: u16, path: &str) -> Option<(u16, String)> {
    let mut s = TcpStream::connect(("127.0.0.1", port)).ok()?;
    s.set_read_timeout(Some(Duration::from_secs(5))).ok()?;
    write!(s, "GET {path} HTTP/1.0\r\nHost: 127.0.0.1:{port}\r\n\r\n").ok()?;
    let mut response = String::new();
    s.read_to_string(&mut response).ok()?;
    let status = response.split_whitespace().nth(1)?.parse().ok()?;
    let body = response.split_once("\r\n\r\n")?.1.to_owned();
    Some((status, body))
}

fn inspect(what: &str, format: &str) -> String {
    let out = run("podman", &["inspect", "--format", format, what]);
    assert!(out.status.success(), "podman inspect: {}", stderr(&out));
    stdout(&out)
}

#[test]
fn image_serves_the_room_as_a_user_without_privileges_and_passes_its_health_check() {
    if !have("podman", "--version") {
        println!("skipped: podman is not installed (Debian: podman runc), the image is not built");
        return;
    }
    let tag = format!("nimmt-test-{}", std::process::id());
    let (base, binary, image) = (
        format!("localhost/{tag}-base:latest"),
        format!("localhost/{tag}-binary:latest"),
        format!("localhost/{tag}:latest"),
    );
    let mut cleanup = Cleanup(vec![]);
    let dir = tempfile::tempdir().unwrap();

    // The base, as the Containerfile's `runtime` stage makes it: the C library, curl for the
    // health check, the user 10001 and its directory for the volume.
    let nimmt = env!("CARGO_BIN_EXE_nimmt");
    let root = dir.path().join("base");
    let mut files = libraries(nimmt);
    files.extend(libraries("/usr/bin/curl"));
    files.push("/usr/bin/curl".into());
    files.sort();
    files.dedup();
    for f in &files {
        copy_into(&root, f);
    }
    std::fs::create_dir_all(root.join("etc")).unwrap();
    std::fs::write(
        root.join("etc/passwd"),
        "root:x:0:0::/root:/usr/sbin/nologin\nnimmt:x:10001:10001::/var/lib/nimmt:/usr/sbin/nologin\n",
    )
    .unwrap();
    std::fs::write(root.join("etc/group"), "root:x:0:\nnimmt:x:10001:\n").unwrap();
    std::fs::create_dir_all(root.join("var/lib/nimmt")).unwrap();
    std::fs::create_dir_all(root.join("tmp")).unwrap();
    import(&root, &["var/lib/nimmt"], &base);
    cleanup
        .0
        .push(vec!["rmi".into(), "-f".into(), base.clone()]);

    let options = match run_options(&base) {
        Ok(o) => o,
        Err(why) => {
            println!("skipped: podman cannot run a container on this machine: {why}");
            return;
        }
    };

    // The binary cargo built, as the `binary` stage leaves it.
    let bin = dir.path().join("binary");
    std::fs::create_dir_all(bin.join("usr/local/bin")).unwrap();
    std::fs::copy(nimmt, bin.join("usr/local/bin/nimmt")).unwrap();
    import(&bin, &[], &binary);
    cleanup
        .0
        .push(vec!["rmi".into(), "-f".into(), binary.clone()]);

    // The real Containerfile, its stages `binary` and `runtime` replaced by these images (the
    // stages that build from source are then unused and skipped).
    let context = dir.path().join("context");
    std::fs::create_dir_all(&context).unwrap();
    let containerfile = repo().join("Containerfile");
    let started = Instant::now();
    let mut args: Vec<String> = vec![
        "build".into(),
        "--format=docker".into(),
        "--layers=false".into(),
        "--pull=never".into(),
    ];
    args.extend(
        options
            .iter()
            .filter(|o| o.starts_with("--runtime"))
            .cloned(),
    );
    args.extend([
        format!("--build-context=binary=container-image://{binary}"),
        format!("--build-context=runtime=container-image://{base}"),
        "-f".into(),
        containerfile.to_str().unwrap().into(),
        "-t".into(),
        image.clone(),
        context.to_str().unwrap().into(),
    ]);
    let out = Command::new("podman").args(&args).output().unwrap();
    assert!(out.status.success(), "podman build: {}", stderr(&out));
    cleanup
        .0
        .push(vec!["rmi".into(), "-f".into(), image.clone()]);
    let build_secs = started.elapsed().as_secs_f64();

    // What the image says about itself.
    let config: Value =
        serde_json::from_str(&stdout(&run("podman", &["image", "inspect", &image]))).unwrap();
    let config = &config[0];
    assert_eq!(config["Config"]["User"], "10001:10001");
    assert!(
        config["Config"]["Volumes"].get("/var/lib/nimmt").is_some(),
        "the database's directory is a volume: {}",
        config["Config"]
    );
    let check = config["Healthcheck"]["Test"].to_string();
    assert!(
        check.starts_with("[\"CMD\",\"curl\"") && check.contains("/healthz"),
        "a HEALTHCHECK on /healthz: {check}"
    );

    // Started with a port of its own.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let mut args: Vec<String> = vec!["run".into(), "-d".into(), format!("--name={tag}")];
    args.extend(options.iter().cloned());
    args.extend([format!("--publish=127.0.0.1:{port}:8080"), image.clone()]);
    let started = Instant::now();
    let out = Command::new("podman").args(&args).output().unwrap();
    assert!(out.status.success(), "podman run: {}", stderr(&out));
    cleanup
        .0
        .push(vec!["rm".into(), "-f".into(), "-v".into(), tag.clone()]);
    let health = loop {
        if let Some(answer) = get(port, "/healthz") {
            break answer;
        }
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "no answer on /healthz: {}",
            stderr(&run("podman", &["logs", &tag]))
        );
        std::thread::sleep(Duration::from_millis(100));
    };
    let up_secs = started.elapsed().as_secs_f64();
    assert_eq!(health, (200, "{\"status\":\"ok\"}".to_owned()));
    // The browser client is embedded (not the page that says how to build it).
    let (status, page) = get(port, "/").unwrap();
    assert_eq!(status, 200);
    assert!(page.contains("<title>nimmt</title>"), "{page}");
    assert!(page.contains("/assets/"), "the built client: {page}");

    // The image's HEALTHCHECK, run as the engine runs it.
    let out = run("podman", &["healthcheck", "run", &tag]);
    assert!(out.status.success(), "health check: {}", stderr(&out));
    assert_eq!(inspect(&tag, "{{.State.Health.Status}}"), "healthy");

    // The room (the container's process 1) runs as 10001, as seen inside the container.
    let out = run(
        "podman",
        &["exec", &tag, "/usr/bin/curl", "-s", "file:///proc/1/status"],
    );
    let status = stdout(&out);
    let uid = status.lines().find(|l| l.starts_with("Uid:"));
    assert_eq!(
        uid.map(|l| l.split_whitespace().skip(1).collect::<Vec<_>>()),
        Some(vec!["10001"; 4]),
        "{status}"
    );
    // Its database is in the volume (owned by 10001: on the host too when Podman runs as root).
    let volume = inspect(
        &tag,
        "{{range .Mounts}}{{.Destination}}={{.Source}} {{end}}",
    );
    let source = volume
        .split_whitespace()
        .find_map(|m| m.strip_prefix("/var/lib/nimmt="))
        .unwrap_or_else(|| panic!("a volume at /var/lib/nimmt: {volume}"));
    let db = Path::new(source).join("nimmt.db");
    use std::os::unix::fs::MetadataExt;
    let meta = std::fs::metadata(&db).unwrap_or_else(|e| panic!("{}: {e}", db.display()));
    let root = std::fs::metadata("/proc/self").is_ok_and(|m| m.uid() == 0);
    if root {
        assert_eq!(meta.uid(), 10001);
    }

    // `podman stop` sends SIGTERM: the room shuts down cleanly (exit 0), well before the
    // engine would kill it.
    let started = Instant::now();
    let out = run("podman", &["stop", "--time=10", &tag]);
    assert!(out.status.success(), "podman stop: {}", stderr(&out));
    let stop_secs = started.elapsed().as_secs_f64();
    assert_eq!(inspect(&tag, "{{.State.ExitCode}}"), "0");
    assert!(stop_secs < 8.0, "stopped after {stop_secs:.1} s");
    println!(
        "image built in {build_secs:.1} s, serving {up_secs:.1} s after `podman run`, \
         stopped in {stop_secs:.1} s"
    );
}
