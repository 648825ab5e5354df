//! `tengen serve` raises its own limit of open files at start (issue 18): started with a
//! soft limit of 256 (and the hard limit as it is), it runs with the hard limit, so that
//! idle sockets cannot use up its files before the timeouts close them.
#![cfg(target_os = "linux")]

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

/// The soft and hard "Max open files" of a process, from `/proc/PID/limits`.
fn open_files(pid: u32) -> (String, String) {
    let limits = std::fs::read_to_string(format!("/proc/{pid}/limits")).unwrap();
    let line = limits
        .lines()
        .find(|l| l.starts_with("Max open files"))
        .unwrap();
    let fields: Vec<&str> = line.split_whitespace().collect();
    (fields[3].to_string(), fields[4].to_string())
}

#[test]
fn the_server_raises_its_open_file_limit_to_the_hard_limit() {
    let script = format!(
        "ulimit -Sn 256 && exec {} serve --addr 127.0.0.1:0 --database sqlite::memory:",
        env!("CARGO_BIN_EXE_tengen")
    );
    let mut child = Command::new("sh")
        .args(["-c", &script])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // The address line comes once the server is up (the limit is raised before).
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    assert!(line.contains("http://"), "{line:?}");
    let (soft, hard) = open_files(child.id());
    let _ = child.kill();
    let _ = child.wait();
    assert_ne!(soft, "256", "the soft limit stayed as it was started with");
    assert_eq!(soft, hard);
}
