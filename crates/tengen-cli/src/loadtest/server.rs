//! The server the run starts (a child process, stopped and its temporary database removed
//! on drop), the memory and CPU time of processes from `/proc`, and the loopback check of
//! `--url`.

use rustix::process;
use std::io::BufRead;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A server started for the run: stopped, and its temporary database removed, on drop.
pub struct Server {
    child: Child,
    /// `127.0.0.1:PORT`, where it listens.
    pub addr: String,
    /// The temporary database to remove, if the run made one.
    temp_db: Option<PathBuf>,
}

impl Server {
    /// Starts `tengen serve` on a free loopback port with `database` (default: a temporary
    /// SQLite file) and waits at most `timeout` (at least 30 s) for it to listen.
    pub fn start(database: Option<&str>, timeout: Duration) -> Result<Server, String> {
        let exe = std::env::current_exe()
            .map_err(|e| format!("cannot find the tengen executable: {e}"))?;
        let (db, temp_db) = match database {
            Some(d) => (d.to_string(), None),
            None => {
                let nanos = std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.subsec_nanos());
                let path = std::env::temp_dir()
                    .join(format!("tengen-loadtest-{}-{nanos}.db", std::process::id()));
                (path.display().to_string(), Some(path))
            }
        };
        let mut child = Command::new(exe)
            .args(["serve", "--addr", "127.0.0.1:0", "--database", &db])
            .args(["--max-open-games", "0", "--ws-rate", "1000"])
            // Every game comes from this one address.
            .args(["--http-rate", "0", "--max-connections-per-address", "0"])
            .args(["--ws-idle-timeout", "0"])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("cannot start the server: {e}"))?;
        let stdout = child.stdout.take();
        let mut server = Server {
            child,
            addr: String::new(),
            temp_db,
        };
        let (tx, rx) = std::sync::mpsc::channel();
        if let Some(stdout) = stdout {
            // The first line says where it listens; the rest is drained so that the
            // server never blocks on a full pipe.
            std::thread::spawn(move || {
                for line in std::io::BufReader::new(stdout).lines() {
                    let Ok(line) = line else { break };
                    let _ = tx.send(line);
                }
            });
        }
        let deadline = Instant::now() + timeout.max(Duration::from_secs(30));
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match rx.recv_timeout(left) {
                Ok(line) => {
                    if let Some(addr) = line
                        .split("http://")
                        .nth(1)
                        .and_then(|rest| rest.split('/').next())
                    {
                        server.addr = addr.to_string();
                        return Ok(server);
                    }
                }
                Err(_) => {
                    let status = server.child.try_wait().ok().flatten();
                    return Err(match status {
                        Some(s) => format!("the server stopped before listening ({s})"),
                        None => "the server did not say where it listens in time".into(),
                    });
                }
            }
        }
    }

    /// The server's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        // SIGTERM first, so that the server shuts down cleanly (our own child, not reaped
        // yet, so the pid is still its own).
        let pid = i32::try_from(self.child.id())
            .ok()
            .and_then(process::Pid::from_raw);
        if let Some(pid) = pid {
            let _ = process::kill_process(pid, process::Signal::TERM);
        }
        let deadline = Instant::now() + Duration::from_secs(5);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                break;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
        if let Some(path) = &self.temp_db {
            for suffix in ["", "-wal", "-shm", "-journal"] {
                let mut p = path.clone().into_os_string();
                p.push(suffix);
                let _ = std::fs::remove_file(p);
            }
        }
    }
}

/// `VmHWM` and `VmRSS` of a process (`self` or a pid), in KiB.
pub fn memory(pid: &str) -> Option<(u64, u64)> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let field = |name: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
    };
    Some((field("VmHWM:")?, field("VmRSS:")?))
}

/// User plus system CPU time of a process so far.
pub fn cpu_time(pid: &str) -> Option<Duration> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    let per_second = Some(rustix::param::clock_ticks_per_second()).filter(|&t| t > 0)?;
    Some(Duration::from_secs_f64(ticks as f64 / per_second as f64))
}

/// Raises the soft limit of open files to the hard one (each game holds a socket here
/// and one in the server, which inherits the limit); the limit now (0 if unknown).
pub fn raise_open_files() -> u64 {
    rlimit::increase_nofile_limit(u64::MAX).unwrap_or(0)
}

/// `host:port` of a loopback `http://` URL; anything else is refused.
pub fn loopback(url: &str) -> Result<String, String> {
    let rest = url
        .strip_prefix("http://")
        .ok_or_else(|| format!("--url {url}: only http:// URLs on loopback are tested"))?;
    let hostport = rest.split('/').next().unwrap_or(rest);
    let (host, port) = hostport
        .rsplit_once(':')
        .ok_or_else(|| format!("--url {url}: give the port, e.g. http://127.0.0.1:8080"))?;
    let port: u16 = port
        .parse()
        .map_err(|_| format!("--url {url}: bad port `{port}`"))?;
    let host = match host {
        "127.0.0.1" | "localhost" => "127.0.0.1",
        "[::1]" => "[::1]",
        _ => {
            return Err(format!(
                "--url {url}: only loopback addresses (127.0.0.1) are tested"
            ))
        }
    };
    Ok(format!("{host}:{port}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_loopback() {
        assert_eq!(
            loopback("http://127.0.0.1:8080/"),
            Ok("127.0.0.1:8080".into())
        );
        assert_eq!(loopback("http://localhost:80"), Ok("127.0.0.1:80".into()));
        assert!(loopback("http://example.com:80").is_err());
        assert!(loopback("https://127.0.0.1:80").is_err());
        assert!(loopback("http://10.0.0.1:80").is_err());
    }

    /// This process's own figures: it has used some memory (the peak at least what it
    /// holds now) and its CPU time is readable.
    #[test]
    fn own_memory_and_cpu() {
        let (peak, now) = memory("self").unwrap();
        assert!(peak >= now && now > 0);
        assert!(cpu_time("self").is_some());
    }

    /// The limit is raised to the hard limit, which is never below the soft one.
    #[test]
    fn open_files_limit() {
        let (soft_before, hard) = rlimit::Resource::NOFILE.get().unwrap();
        let now = raise_open_files();
        assert!(now >= soft_before);
        assert_eq!(rlimit::Resource::NOFILE.get().unwrap(), (now, hard));
    }
}
