//! One engine of a match: its command line and its process, started again after it crashed
//! or stopped answering (the next command starts it).

use super::split::split;
use std::collections::HashSet;
use std::time::Duration;
use tengen_gtp::{Client, ClientError};

/// How long an engine may take to answer `quit` at the end of the match.
const QUIT_TIMEOUT: Duration = Duration::from_secs(2);

/// An engine taking part in the match.
pub struct Player {
    /// The name shown in tables and records (its GTP `name`, made unique in the match).
    pub name: String,
    /// The command line as given.
    pub command: String,
    words: Vec<String>,
    client: Option<Client>,
    /// The commands it lists (`None`: it does not say, so every command is tried).
    known: Option<HashSet<String>>,
    /// How many times the process was started again after a failure.
    pub restarts: u32,
}

impl Player {
    /// Starts the engine of `command` and asks its name.
    pub fn start(command: &str, timeout: Duration) -> Result<Player, String> {
        let words = split(command)?;
        let program = words[0].rsplit('/').next().unwrap_or(&words[0]).to_string();
        let mut player = Player {
            name: program,
            command: command.to_string(),
            words,
            client: None,
            known: None,
            restarts: 0,
        };
        player.spawn().map_err(|e| e.to_string())?;
        if let Ok(name) = player.send("name", timeout) {
            let name = name.split_whitespace().collect::<Vec<_>>().join(" ");
            if !name.is_empty() {
                player.name = name;
            }
        }
        Ok(player)
    }

    /// Starts the process and learns which commands it knows.
    fn spawn(&mut self) -> Result<(), ClientError> {
        let client = Client::spawn(&self.words[0], &self.words[1..])?;
        self.client = Some(client);
        self.known = None;
        if let Ok(list) = self.send("list_commands", Duration::from_secs(10)) {
            self.known = Some(list.split_whitespace().map(str::to_string).collect());
        }
        Ok(())
    }

    /// Whether the engine knows `command` (true when it does not list its commands).
    pub fn knows(&self, command: &str) -> bool {
        self.known.as_ref().is_none_or(|k| k.contains(command))
    }

    /// Sends a command, giving the engine `timeout` to answer. An engine that died, hung or
    /// broke the protocol is stopped, and started again by the next command.
    pub fn send(&mut self, command: &str, timeout: Duration) -> Result<String, ClientError> {
        if self.client.is_none() {
            self.restarts += 1;
            self.spawn()?;
        }
        // An engine that died while it was being started (at `list_commands`).
        let Some(client) = self.client.as_mut() else {
            return Err(ClientError::Died {
                command: command.to_string(),
                status: None,
                stderr: "it exited as soon as it was started".into(),
            });
        };
        client.set_timeout(timeout);
        let answer = client.send(command);
        if matches!(
            answer,
            Err(ClientError::Died { .. }
                | ClientError::Timeout { .. }
                | ClientError::Protocol { .. })
        ) {
            self.stop();
        }
        answer
    }

    /// Ends the process (dropping the client kills it if need be).
    pub fn stop(&mut self) {
        self.client = None;
    }

    /// Sends `quit` and ends the process.
    pub fn quit(&mut self) {
        if let Some(mut client) = self.client.take() {
            client.set_timeout(QUIT_TIMEOUT);
            let _ = client.quit();
        }
    }
}
