//! A GTP client: runs another engine as a child process and talks to it over its standard
//! input and output, for matches and cross-checks.
//!
//! A hung engine must not hang us, so the engine's output is read on a thread that hands
//! complete lines over a channel, and every response is awaited with a deadline. Each
//! command carries a numeric id; a late answer to an earlier, timed-out command is
//! recognised by its id and skipped, so the conversation stays in step.

use std::collections::VecDeque;
use std::ffi::OsStr;
use std::fmt;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// How long a response may take unless [`Client::with_timeout`] says otherwise.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(30);

/// How many of the engine's last standard-error lines are kept for error reports.
const STDERR_LINES: usize = 20;

/// Why a command got no successful answer.
#[derive(Debug)]
pub enum ClientError {
    /// The engine program could not be started.
    Spawn {
        /// The program.
        program: String,
        /// What the system said.
        source: io::Error,
    },
    /// The engine answered with a failure (`? message`).
    Engine {
        /// The command sent.
        command: String,
        /// The engine's message.
        message: String,
    },
    /// The engine's answer is not a GTP response, or the command cannot be sent as one.
    Protocol {
        /// The command sent.
        command: String,
        /// What was wrong.
        detail: String,
    },
    /// The engine exited, or closed its output, before answering.
    Died {
        /// The command sent.
        command: String,
        /// The exit status, if the process has exited.
        status: Option<ExitStatus>,
        /// The engine's last lines on standard error.
        stderr: String,
    },
    /// No complete answer within the timeout.
    Timeout {
        /// The command sent.
        command: String,
        /// The timeout.
        after: Duration,
    },
}

impl fmt::Display for ClientError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClientError::Spawn { program, source } => write!(f, "cannot start {program}: {source}"),
            ClientError::Engine { command, message } => {
                write!(f, "the engine refused `{command}`: {message}")
            }
            ClientError::Protocol { command, detail } => {
                write!(f, "GTP protocol error on `{command}`: {detail}")
            }
            ClientError::Died {
                command,
                status,
                stderr,
            } => {
                write!(f, "the engine died during `{command}`")?;
                if let Some(s) = status {
                    write!(f, " ({s})")?;
                }
                if !stderr.is_empty() {
                    write!(f, "; its last error output:\n{stderr}")?;
                }
                Ok(())
            }
            ClientError::Timeout { command, after } => {
                write!(f, "the engine did not answer `{command}` within {after:?}")
            }
        }
    }
}

impl std::error::Error for ClientError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ClientError::Spawn { source, .. } => Some(source),
            _ => None,
        }
    }
}

/// A GTP engine running as a child process.
pub struct Client {
    program: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    stderr: Arc<Mutex<VecDeque<String>>>,
    timeout: Duration,
    next_id: u64,
}

impl fmt::Debug for Client {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Client")
            .field("program", &self.program)
            .field("pid", &self.child.id())
            .finish_non_exhaustive()
    }
}

impl Client {
    /// Starts `program` with `args` as a GTP engine.
    pub fn spawn<S: AsRef<OsStr>>(program: &str, args: &[S]) -> Result<Client, ClientError> {
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|source| ClientError::Spawn {
                program: program.to_string(),
                source,
            })?;
        let pipes = (child.stdin.take(), child.stdout.take(), child.stderr.take());
        let (Some(stdin), Some(stdout), Some(stderr)) = pipes else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(ClientError::Spawn {
                program: program.to_string(),
                source: io::Error::other("the engine's standard streams could not be piped"),
            });
        };
        Ok(Client {
            program: program.to_string(),
            child,
            stdin,
            lines: spawn_line_reader(stdout),
            stderr: spawn_stderr_tail(stderr),
            timeout: DEFAULT_TIMEOUT,
            next_id: 1,
        })
    }

    /// Sets how long each response may take.
    pub fn with_timeout(mut self, timeout: Duration) -> Client {
        self.timeout = timeout;
        self
    }

    /// Changes how long each response may take from now on (a referee gives each `genmove`
    /// the time left on the player's clock).
    pub fn set_timeout(&mut self, timeout: Duration) {
        self.timeout = timeout;
    }

    /// Sends one command and returns the body of the successful response (without `=`
    /// and id; lines of a multi-line body joined by `\n`).
    pub fn send(&mut self, command: &str) -> Result<String, ClientError> {
        if command.chars().any(|c| c.is_control()) || command.trim().is_empty() {
            return Err(ClientError::Protocol {
                command: command.escape_debug().to_string(),
                detail: "a command must be one non-empty line without control characters".into(),
            });
        }
        let id = self.next_id;
        self.next_id += 1;
        let sent = writeln!(self.stdin, "{id} {command}").and_then(|_| self.stdin.flush());
        if sent.is_err() {
            return Err(self.died(command));
        }
        let (ok, body) = self.read_response(command, id)?;
        if ok {
            Ok(body)
        } else {
            Err(ClientError::Engine {
                command: command.to_string(),
                message: body,
            })
        }
    }

    /// Reads the response to command `id`, skipping late responses to earlier commands.
    fn read_response(&mut self, command: &str, id: u64) -> Result<(bool, String), ClientError> {
        let deadline = Instant::now() + self.timeout;
        loop {
            let (ok, got, body) = self.read_one(command, deadline)?;
            match got {
                // GTP engines must echo the id; one that does not is taken at its word.
                None => return Ok((ok, body)),
                Some(n) if n == id => return Ok((ok, body)),
                Some(n) if n < id => continue,
                Some(n) => {
                    return Err(ClientError::Protocol {
                        command: command.to_string(),
                        detail: format!("expected the response with id {id}, got one with id {n}"),
                    })
                }
            }
        }
    }

    /// Reads one response: status, id and body.
    fn read_one(
        &mut self,
        command: &str,
        deadline: Instant,
    ) -> Result<(bool, Option<u64>, String), ClientError> {
        let mut first = self.next_line(command, deadline)?;
        // Blank lines between responses carry nothing.
        while first.trim().is_empty() {
            first = self.next_line(command, deadline)?;
        }
        let ok = match first.chars().next() {
            Some('=') => true,
            Some('?') => false,
            _ => {
                return Err(ClientError::Protocol {
                    command: command.to_string(),
                    detail: format!("a response must start with '=' or '?', got {first:?}"),
                })
            }
        };
        let rest = &first[1..];
        let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let id = rest[..digits].parse().ok();
        let mut body = rest[digits..]
            .strip_prefix(' ')
            .unwrap_or(&rest[digits..])
            .to_string();
        loop {
            let line = self.next_line(command, deadline)?;
            if line.trim().is_empty() {
                return Ok((ok, id, body.trim_end().to_string()));
            }
            body.push('\n');
            body.push_str(&line);
        }
    }

    /// The next line of the engine's output, by the deadline.
    fn next_line(&mut self, command: &str, deadline: Instant) -> Result<String, ClientError> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(left) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err(ClientError::Timeout {
                command: command.to_string(),
                after: self.timeout,
            }),
            Err(RecvTimeoutError::Disconnected) => Err(self.died(command)),
        }
    }

    /// The error for an engine whose pipes closed: waits briefly for its exit status.
    fn died(&mut self, command: &str) -> ClientError {
        let until = Instant::now() + Duration::from_millis(500);
        let mut status = None;
        while status.is_none() && Instant::now() < until {
            status = self.child.try_wait().ok().flatten();
            if status.is_none() {
                thread::sleep(Duration::from_millis(10));
            }
        }
        // Give the stderr reader a moment to take in the last words.
        thread::sleep(Duration::from_millis(20));
        ClientError::Died {
            command: command.to_string(),
            status,
            stderr: self.stderr_tail(),
        }
    }

    /// The engine's last lines on standard error.
    pub fn stderr_tail(&self) -> String {
        self.stderr
            .lock()
            .map(|lines| lines.iter().cloned().collect::<Vec<_>>().join("\n"))
            .unwrap_or_default()
    }

    /// Sends `quit` and waits (up to the timeout) for the engine to exit; kills it if it
    /// does not.
    pub fn quit(mut self) -> Result<(), ClientError> {
        let answer = self.send("quit");
        let until = Instant::now() + self.timeout;
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                return answer.map(|_| ());
            }
            thread::sleep(Duration::from_millis(5));
        }
        answer.map(|_| ())
    }
}

impl Drop for Client {
    /// Ends the engine process this client started, if it is still running.
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

/// Reads the engine's output on a thread and sends each line (without its line ending).
/// The channel closes when the output does.
fn spawn_line_reader(out: impl Read + Send + 'static) -> Receiver<String> {
    let (tx, rx) = mpsc::channel();
    thread::spawn(move || {
        let mut reader = BufReader::new(out);
        let mut buf = Vec::new();
        loop {
            buf.clear();
            match reader.read_until(b'\n', &mut buf) {
                Ok(0) | Err(_) => return,
                Ok(_) => {
                    let line = String::from_utf8_lossy(&buf);
                    let line = line.trim_end_matches(['\n', '\r']).to_string();
                    if tx.send(line).is_err() {
                        return;
                    }
                }
            }
        }
    });
    rx
}

/// Keeps the last lines of the engine's standard error. Reading it also keeps a chatty
/// engine from blocking on a full pipe.
fn spawn_stderr_tail(err: impl Read + Send + 'static) -> Arc<Mutex<VecDeque<String>>> {
    let tail = Arc::new(Mutex::new(VecDeque::new()));
    let shared = Arc::clone(&tail);
    thread::spawn(move || {
        for line in BufReader::new(err).lines() {
            let Ok(line) = line else { return };
            if let Ok(mut t) = shared.lock() {
                if t.len() == STDERR_LINES {
                    t.pop_front();
                }
                t.push_back(line);
            }
        }
    });
    tail
}
