//! A `tessera serve` started for a test, on a scratch folder and a free
//! port, and raw HTTP/1.1 to talk to it: the tests of the studio send bytes
//! as a client, good or hostile, would.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A running studio and its folder.
pub struct Studio {
    pub child: Child,
    pub address: String,
    pub dir: PathBuf,
    /// What it printed on stderr, read by a thread as it comes.
    stderr: std::sync::Arc<std::sync::Mutex<String>>,
}

/// A change to the served folder before the server starts.
type Prepare = Box<dyn FnOnce(&Path)>;

/// How to start a studio.
pub struct Setup {
    name: String,
    games: Vec<(String, Vec<u8>)>,
    args: Vec<String>,
    /// `ulimit` options for the server's shell (`-v 1048576`, `-n 64`).
    ulimits: Vec<String>,
    prepare: Option<Prepare>,
}

impl Setup {
    /// A folder holding copies of chess and crazyhouse.
    pub fn new(name: &str) -> Setup {
        Setup {
            name: name.to_string(),
            games: ["chess", "crazyhouse"]
                .iter()
                .map(|g| {
                    (
                        format!("{g}.game"),
                        std::fs::read(format!("games/{g}.game")).unwrap(),
                    )
                })
                .collect(),
            args: Vec::new(),
            ulimits: Vec::new(),
            prepare: None,
        }
    }

    /// Also serves `text` as the file `file`.
    pub fn game(mut self, file: &str, text: &str) -> Setup {
        self.games
            .push((file.to_string(), text.as_bytes().to_vec()));
        self
    }

    /// Passes more arguments to `serve`.
    pub fn args(mut self, args: &[&str]) -> Setup {
        self.args.extend(args.iter().map(|a| a.to_string()));
        self
    }

    /// Caps the server's address space at `mib` MiB (`ulimit -v`): an
    /// allocation of a hostile size fails, and the server with it.
    pub fn memory_cap_mib(mut self, mib: u64) -> Setup {
        self.ulimits.push(format!("-v {}", mib * 1024));
        self
    }

    /// Caps the server's open files (`ulimit -n`).
    pub fn open_files(mut self, n: u64) -> Setup {
        self.ulimits.push(format!("-n {n}"));
        self
    }

    /// Changes the folder before the server starts (links, odd files).
    pub fn prepare(mut self, f: impl FnOnce(&Path) + 'static) -> Setup {
        self.prepare = Some(Box::new(f));
        self
    }

    pub fn start(self) -> Studio {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("serve-{}", self.name));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        for (file, text) in &self.games {
            std::fs::write(dir.join(file), text).unwrap();
        }
        if let Some(prepare) = self.prepare {
            prepare(&dir);
        }
        // Another binary may stand in, to see what these tests catch in it
        // (an older server).
        let binary = std::env::var("TESSERA_SERVE_UNDER_TEST")
            .unwrap_or_else(|_| env!("CARGO_BIN_EXE_tessera").to_string());
        let mut command = if self.ulimits.is_empty() {
            Command::new(&binary)
        } else {
            // The shell sets the limits, then becomes the server.
            let limits: Vec<String> = self.ulimits.iter().map(|u| format!("ulimit {u}")).collect();
            let mut c = Command::new("sh");
            c.arg("-c")
                .arg(format!("{} && exec \"$0\" \"$@\"", limits.join(" && ")))
                .arg(&binary);
            c
        };
        command
            .arg("serve")
            .arg(&dir)
            .args(["--port", "0"])
            .args(&self.args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut child = command.spawn().unwrap();
        let stderr = std::sync::Arc::new(std::sync::Mutex::new(String::new()));
        let mut err = child.stderr.take().unwrap();
        let sink = std::sync::Arc::clone(&stderr);
        std::thread::spawn(move || {
            let mut buf = [0; 4096];
            while let Ok(n) = err.read(&mut buf) {
                if n == 0 {
                    break;
                }
                sink.lock()
                    .unwrap()
                    .push_str(&String::from_utf8_lossy(&buf[..n]));
            }
        });
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        // `Tessera studio: http://127.0.0.1:PORT/ (2 games; Ctrl-C stops it)`
        let url = line
            .split_whitespace()
            .nth(2)
            .unwrap_or_else(|| panic!("no address in {line:?}: {}", stderr.lock().unwrap()));
        let address = url["http://".len()..].trim_end_matches('/').to_string();
        let address = address.replacen("0.0.0.0", "127.0.0.1", 1);
        Studio {
            child,
            address,
            dir,
            stderr,
        }
    }
}

impl Studio {
    /// A studio on a folder holding copies of chess and crazyhouse.
    pub fn start(name: &str) -> Studio {
        Setup::new(name).start()
    }

    /// What the server printed on stderr so far.
    pub fn stderr(&self) -> String {
        self.stderr.lock().unwrap().clone()
    }

    /// A new connection, reads bounded by `timeout`.
    pub fn connect(&self, timeout: Duration) -> TcpStream {
        let stream = TcpStream::connect(&self.address).unwrap();
        stream.set_read_timeout(Some(timeout)).unwrap();
        stream.set_write_timeout(Some(timeout)).unwrap();
        stream
    }

    /// Sends a raw request and returns the status and the body.
    pub fn raw(&self, request: &[u8]) -> (u16, String) {
        let mut stream = self.connect(Duration::from_secs(60));
        stream.write_all(request).unwrap();
        read_reply(&mut stream).unwrap()
    }

    pub fn get(&self, path: &str) -> (u16, String) {
        self.raw(
            format!(
                "GET {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
                self.address
            )
            .as_bytes(),
        )
    }

    pub fn post(&self, path: &str, body: &str) -> (u16, String) {
        self.raw(post_request(&self.address, path, body, true).as_bytes())
    }

    /// Whether the server answers the game list at once, and is alive.
    pub fn assert_serving(&self) {
        let started = Instant::now();
        let (status, body) = self.get("/api/games");
        assert_eq!(status, 200, "{body}");
        assert!(
            started.elapsed() < Duration::from_secs(2),
            "the game list took {:?}",
            started.elapsed()
        );
        assert!(self.alive(), "the server exited");
    }

    /// Whether the process still runs.
    pub fn alive(&self) -> bool {
        Path::new(&format!("/proc/{}", self.child.id())).exists()
            && !std::fs::read_to_string(format!("/proc/{}/stat", self.child.id()))
                .unwrap_or_default()
                .contains(") Z ")
    }

    /// The server's resident memory now, in bytes.
    pub fn resident_bytes(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).unwrap();
        let kb: u64 = status
            .lines()
            .find_map(|l| l.strip_prefix("VmHWM:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
            .unwrap();
        kb * 1024
    }

    /// The files of the folder and their contents.
    pub fn files(&self) -> Vec<(String, Vec<u8>)> {
        let mut files: Vec<_> = std::fs::read_dir(&self.dir)
            .unwrap()
            .map(|e| {
                let e = e.unwrap();
                (
                    e.file_name().to_string_lossy().into_owned(),
                    std::fs::read(e.path()).unwrap_or_default(),
                )
            })
            .collect();
        files.sort();
        files
    }
}

impl Drop for Studio {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A JSON POST; `close` asks the server to close the connection after it.
pub fn post_request(address: &str, path: &str, body: &str, close: bool) -> String {
    format!(
        "POST {path} HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n{}\r\n{body}",
        body.len(),
        if close { "Connection: close\r\n" } else { "" },
    )
}

/// Reads one reply: the status line, the headers, and as many bytes of body
/// as `Content-Length` says (not to the end of the stream, which a server
/// still reading a request's body would not close).
pub fn read_reply(stream: &mut TcpStream) -> std::io::Result<(u16, String)> {
    let mut reader = BufReader::new(stream);
    let mut status_line = String::new();
    if reader.read_line(&mut status_line)? == 0 {
        return Err(std::io::ErrorKind::UnexpectedEof.into());
    }
    let status = status_line
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| std::io::Error::other(format!("no status in {status_line:?}")))?;
    let mut length = 0;
    let mut chunked = false;
    loop {
        let mut line = String::new();
        reader.read_line(&mut line)?;
        if line.trim().is_empty() {
            break;
        }
        if let Some((name, value)) = line.split_once(':') {
            if name.eq_ignore_ascii_case("content-length") {
                length = value.trim().parse().map_err(std::io::Error::other)?;
            }
            if name.eq_ignore_ascii_case("transfer-encoding") {
                chunked = value.trim().eq_ignore_ascii_case("chunked");
            }
        }
    }
    let mut body = Vec::new();
    if chunked {
        // A hexadecimal size line, the bytes, a line end; size 0 ends them.
        loop {
            let mut size = String::new();
            reader.read_line(&mut size)?;
            let size = usize::from_str_radix(size.trim(), 16).map_err(std::io::Error::other)?;
            let mut chunk = vec![0; size + 2];
            reader.read_exact(&mut chunk)?;
            if size == 0 {
                break;
            }
            body.extend_from_slice(&chunk[..size]);
        }
    } else {
        body.resize(length, 0);
        reader.read_exact(&mut body)?;
    }
    String::from_utf8(body)
        .map(|b| (status, b))
        .map_err(std::io::Error::other)
}

/// What a hostile connection gets: a reply's status, or the connection
/// closed (`None`), within `within`; panics if it is still open and silent.
pub fn answer_or_close(stream: &mut TcpStream, within: Duration) -> Option<u16> {
    let started = Instant::now();
    stream.set_read_timeout(Some(within)).unwrap();
    let got = match read_reply(stream) {
        Ok((status, _)) => Some(status),
        Err(e)
            if matches!(
                e.kind(),
                std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
            ) =>
        {
            panic!("no answer and still open after {:?}", started.elapsed())
        }
        Err(_) => None,
    };
    assert!(started.elapsed() <= within + Duration::from_millis(500));
    got
}
