//! The Python package's own tests (pytest, `crates/nimmt-py/tests/test_*.py`), run from
//! `cargo test`: the package is built with maturin into a virtual environment under `target/`
//! (with pytest, PettingZoo, Gymnasium and websockets from PyPI) and its tests are run there.
//! Without a Python 3 on the machine the test says so and passes.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The Python 3 to build the environment with: `$PYTHON`, else `python3`.
fn python() -> Option<String> {
    let python = std::env::var("PYTHON").unwrap_or_else(|_| "python3".into());
    let works = Command::new(&python)
        .args(["-c", "import sys, venv; assert sys.version_info >= (3, 9)"])
        .output()
        .is_ok_and(|o| o.status.success());
    works.then_some(python)
}

fn run(command: &mut Command, what: &str) {
    let output = command
        .output()
        .unwrap_or_else(|e| panic!("{what}: cannot start: {e}"));
    assert!(
        output.status.success(),
        "{what} failed:\n{}\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
fn the_python_package_passes_its_tests() {
    let Some(python) = python() else {
        eprintln!(
            "SKIPPED: the Python package's tests need Python 3.9 or later with venv (python3 or \
             $PYTHON); none was found"
        );
        return;
    };
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let work = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("nimmt-py");
    let venv = work.join("venv");
    let bin = venv.join("bin");
    if !bin.join("python").exists() {
        run(
            Command::new(&python).args(["-m", "venv"]).arg(&venv),
            "creating the virtual environment",
        );
    }
    let have_tools = Command::new(bin.join("python"))
        .args([
            "-c",
            "import maturin, pytest, pettingzoo, gymnasium, numpy, websockets",
        ])
        .output()
        .is_ok_and(|o| o.status.success());
    if !have_tools {
        run(
            Command::new(bin.join("python")).args([
                "-m",
                "pip",
                "install",
                "--quiet",
                "maturin>=1.5,<2",
                "pytest",
                "numpy",
                "pettingzoo>=1.24",
                "gymnasium>=0.29",
                "websockets>=12",
            ]),
            "installing maturin, pytest, numpy, PettingZoo, Gymnasium and websockets",
        );
    }
    // Its own target directory: the outer cargo's stays free, and rebuilds are incremental.
    let wheels = work.join("wheels");
    let _ = std::fs::remove_dir_all(&wheels);
    run(
        Command::new(bin.join("maturin"))
            .args(["build", "--release", "--quiet", "--interpreter"])
            .arg(bin.join("python"))
            .arg("--out")
            .arg(&wheels)
            .arg("--manifest-path")
            .arg(crate_dir.join("Cargo.toml"))
            .env("CARGO_TARGET_DIR", work.join("target")),
        "building the package with maturin",
    );
    let wheel = std::fs::read_dir(&wheels)
        .expect("maturin wrote its wheel")
        .map(|e| e.expect("a wheel entry").path())
        .find(|p| p.extension().is_some_and(|x| x == "whl"))
        .expect("a wheel was built");
    run(
        Command::new(bin.join("python"))
            .args([
                "-m",
                "pip",
                "install",
                "--quiet",
                "--force-reinstall",
                "--no-deps",
            ])
            .arg(&wheel),
        "installing the wheel",
    );
    // The command line, for the tests that compare with it (built by `cargo test --workspace`).
    let target = work.parent().and_then(Path::parent).expect("target/tmp");
    let mut pytest = Command::new(bin.join("python"));
    pytest
        .args(["-m", "pytest", "-q", "-p", "no:cacheprovider"])
        .arg(crate_dir.join("tests"))
        .current_dir(&work);
    for profile in ["debug", "release"] {
        let nimmt = target.join(profile).join("nimmt");
        if nimmt.exists() {
            pytest.env("NIMMT_BIN", nimmt);
            break;
        }
    }
    let output = pytest.output().expect("pytest starts");
    let out = String::from_utf8_lossy(&output.stdout);
    println!("{out}");
    assert!(
        output.status.success(),
        "the Python package's tests failed:\n{out}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
}
