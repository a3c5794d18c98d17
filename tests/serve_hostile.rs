//! `tessera serve` against hostile clients, over raw TCP: each attack must
//! be answered or refused within a bounded time and memory (the server runs
//! under an address-space cap, and its peak resident memory is read after),
//! and the server must go on answering others, during the attack and after.
//!
//! The server's limits are in `src/serve/limits.rs`; each test names the
//! ones it leans on.

mod common;
#[path = "common/studio.rs"]
mod studio;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};
use studio::{answer_or_close, post_request, read_reply, Setup, Studio};
use tessera_cli::serve::limits::{
    BODY_TIMEOUT, HEAD_TIMEOUT, MAX_CONNECTIONS, MAX_REQUEST_BODY_BYTES, MAX_SEARCH_MS, ROOM_WAIT,
};

/// The address space the server runs in: room for its threads' stacks and
/// malloc's arenas, far from what the attacks would have it allocate.
const MEMORY_CAP_MIB: u64 = 2048;

/// The most resident memory the server may reach under attack.
const MOST_RESIDENT: u64 = 200 << 20;

/// Four queens a side on an open board: perft 6 would take hours.
const QUEENS: &str = "k7/8/1Q1Q1Q1Q/8/8/q1q1q1q1/8/7K w - - 0 1";

fn capped(name: &str) -> Studio {
    Setup::new(name).memory_cap_mib(MEMORY_CAP_MIB).start()
}

/// Sends `bytes`, ignoring a write the server cut short by closing.
fn send(stream: &mut TcpStream, bytes: &[u8]) {
    let _ = stream.write_all(bytes);
}

/// Waits until the server closes `stream` (after any reply), at most `within`.
fn closed_within(stream: &mut TcpStream, within: Duration) {
    let started = Instant::now();
    let mut sink = [0; 4096];
    loop {
        let left = within.saturating_sub(started.elapsed());
        assert!(!left.is_zero(), "still open after {within:?}");
        stream.set_read_timeout(Some(left)).unwrap();
        match stream.read(&mut sink) {
            Ok(0) => return,
            Ok(_) => {}
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) =>
            {
                panic!("still open after {:?}", started.elapsed())
            }
            Err(_) => return,
        }
    }
}

/// Asks for the list of games on new connections until one is answered 200;
/// fails with `why` once `most` has passed.
fn answers_again_within(s: &Studio, most: Duration, why: &str) {
    let started = Instant::now();
    loop {
        let mut t = s.connect(Duration::from_secs(5));
        let request = format!(
            "GET /api/games HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
            s.address
        );
        send(&mut t, request.as_bytes());
        if read_reply(&mut t).map(|r| r.0).ok() == Some(200) {
            return;
        }
        assert!(started.elapsed() < most, "{why}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn assert_small(s: &Studio) {
    let peak = s.resident_bytes();
    assert!(peak < MOST_RESIDENT, "the server reached {peak} bytes");
}

#[test]
fn absurd_declared_lengths_are_refused_unread() {
    let s = capped("lengths");
    let started = Instant::now();
    let lengths = [
        "100000000000000".to_string(),
        u64::MAX.to_string(),
        "18446744073709551616".to_string(),
        (MAX_REQUEST_BODY_BYTES + 1).to_string(),
        "-1".to_string(),
        "1, 2".to_string(),
    ];
    for length in &lengths {
        for (method, path) in [
            ("POST", "/api/check"),
            ("POST", "/api/nowhere"),
            ("GET", "/"),
        ] {
            // Forty at once, as many as once took every worker.
            let mut streams: Vec<TcpStream> = (0..40)
                .map(|_| {
                    let mut t = s.connect(Duration::from_secs(5));
                    send(
                        &mut t,
                        format!(
                            "{method} {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {length}\r\n\r\n{{",
                            s.address
                        )
                        .as_bytes(),
                    );
                    t
                })
                .collect();
            for t in &mut streams {
                let got = answer_or_close(t, Duration::from_secs(5));
                assert!(
                    got.is_none_or(|status| (400..500).contains(&status)),
                    "{method} {path} with Content-Length {length}: {got:?}"
                );
            }
        }
    }
    assert!(started.elapsed() < Duration::from_secs(20));
    s.assert_serving();
    assert_small(&s);
}

#[test]
fn held_connections_freeze_no_one_and_are_closed_in_time() {
    let s = capped("held");
    let address = s.address.clone();
    let started = Instant::now();
    let heads = [
        // A body declared and never sent.
        post_request(&address, "/api/state", "", false).replace("Content-Length: 0", "Content-Length: 100"),
        // A chunked body with no chunk.
        format!("POST /api/state HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"),
        // Half a chunk.
        format!("POST /api/state HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n10\r\n{{\"ga"),
        // Half a request line, and half the headers.
        "POST /api/state HT".to_string(),
        format!("POST /api/state HTTP/1.1\r\nHost: {address}\r\n"),
        // An upgrade the server does not make.
        format!("GET / HTTP/1.1\r\nHost: {address}\r\nConnection: upgrade\r\nUpgrade: websocket\r\n\r\n"),
        format!("POST /api/state HTTP/1.1\r\nHost: {address}\r\nConnection: upgrade\r\nUpgrade: h2c\r\nContent-Type: application/json\r\nContent-Length: 10\r\n\r\n"),
    ];
    let mut held: Vec<TcpStream> = Vec::new();
    for head in &heads {
        for _ in 0..40 {
            let mut t = s.connect(Duration::from_secs(30));
            send(&mut t, head.as_bytes());
            held.push(t);
        }
    }
    // A body and a head sent a byte a second (slowloris).
    let trickle = |head: String, body: String| {
        let address = address.clone();
        std::thread::spawn(move || {
            let mut t = TcpStream::connect(&address).unwrap();
            t.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
            send(&mut t, head.as_bytes());
            let started = Instant::now();
            for b in body.bytes() {
                if t.write_all(&[b]).is_err() {
                    break;
                }
                std::thread::sleep(Duration::from_millis(500));
            }
            (
                answer_or_close(&mut t, Duration::from_secs(20)),
                started.elapsed(),
            )
        })
    };
    let slow_body = trickle(
        post_request(&address, "/api/state", "", false)
            .replace("Content-Length: 0", "Content-Length: 200"),
        "{".repeat(200),
    );
    let slow_head = trickle(
        String::new(),
        format!(
            "GET /api/games HTTP/1.1\r\nHost: {address}\r\nX-Slow: {}\r\n\r\n",
            "a".repeat(100)
        ),
    );
    // Everyone else is answered meanwhile.
    for _ in 0..5 {
        s.assert_serving();
        let (status, _) = s.post("/api/state", r#"{"game": "chess", "moves": ["e2e4"]}"#);
        assert_eq!(status, 200);
    }
    // Then each held connection is answered (408, or the reply to the
    // upgrade asked) and closed, once its time is up.
    let deadline = HEAD_TIMEOUT.max(BODY_TIMEOUT) + Duration::from_secs(4);
    for t in &mut held {
        let left = deadline.saturating_sub(started.elapsed());
        let _ = answer_or_close(t, left);
        closed_within(
            t,
            deadline.saturating_sub(started.elapsed()) + Duration::from_millis(500),
        );
    }
    let (status, took) = slow_body.join().unwrap();
    assert_eq!(status, Some(408));
    assert!(took < BODY_TIMEOUT + Duration::from_secs(2), "{took:?}");
    let (status, took) = slow_head.join().unwrap();
    assert!(status.is_none_or(|s| s == 408), "{status:?}");
    assert!(took < HEAD_TIMEOUT + Duration::from_secs(2), "{took:?}");
    s.assert_serving();
    assert_small(&s);
}

#[test]
fn lines_without_end_are_cut_short() {
    let s = capped("lines");
    let address = s.address.clone();
    let endless = "a".repeat(1 << 20);
    let attacks = [
        // A request line, a header line, a chunk-size line, a chunk
        // extension and a trailer with no end, and too many headers.
        format!("GET /{endless}"),
        format!("GET / HTTP/1.1\r\nHost: {address}\r\nX-Long: {endless}"),
        format!("POST /api/state HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n{}", "1".repeat(1 << 20)),
        format!("POST /api/state HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n1;{endless}"),
        format!("POST /api/state HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n1\r\n{{\r\n0\r\nX-Trailer: {endless}"),
        format!("GET / HTTP/1.1\r\nHost: {address}\r\n{}\r\n", "X-Many: 1\r\n".repeat(10_000)),
    ];
    for attack in &attacks {
        let started = Instant::now();
        let mut streams: Vec<TcpStream> =
            (0..8).map(|_| s.connect(Duration::from_secs(5))).collect();
        for t in &mut streams {
            // 64 MiB on each, or until the server stops reading.
            for _ in 0..64 {
                if t.write_all(attack.as_bytes()).is_err() {
                    break;
                }
            }
        }
        for t in &mut streams {
            let got = answer_or_close(t, Duration::from_secs(5));
            assert!(
                got.is_none_or(|status| (400..500).contains(&status)),
                "{}: {got:?}",
                &attack[..60]
            );
        }
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "{:?}",
            started.elapsed()
        );
        s.assert_serving();
    }
    assert_small(&s);
}

#[test]
fn connections_past_the_limit_are_refused_and_others_served_after() {
    let s = Studio::start("crowd");
    // A client in the middle of its request, there before the crowd.
    let mut regular = s.connect(Duration::from_secs(5));
    let body = r#"{"game": "chess", "moves": ["e2e4"]}"#;
    let request = post_request(&s.address, "/api/state", body, false);
    let (head, rest) = request.split_at(request.len() - 5);
    regular.write_all(head.as_bytes()).unwrap();
    // A crowd in the middle of their headers takes every other place.
    let held: Vec<TcpStream> = (1..MAX_CONNECTIONS)
        .map(|_| {
            let mut t = s.connect(Duration::from_secs(5));
            send(&mut t, b"GET /api/games HTTP/1.1\r\n");
            t
        })
        .collect();
    std::thread::sleep(Duration::from_millis(500));
    let started = Instant::now();
    let mut one_more = s.connect(Duration::from_secs(5));
    send(
        &mut one_more,
        format!("GET /api/games HTTP/1.1\r\nHost: {}\r\n\r\n", s.address).as_bytes(),
    );
    let (status, answer) = read_reply(&mut one_more).unwrap();
    assert_eq!(status, 503, "{answer}");
    assert!(answer.contains("connections open"), "{answer}");
    assert!(started.elapsed() < ROOM_WAIT + Duration::from_secs(1));
    // The clients already in are served as before.
    regular.write_all(rest.as_bytes()).unwrap();
    assert_eq!(read_reply(&mut regular).unwrap().0, 200);
    drop(held);
    answers_again_within(&s, Duration::from_secs(3), "no room after the crowd left");
}

#[test]
fn idle_connections_make_room_for_new_ones() {
    let s = Studio::start("idle-crowd");
    // Every place taken by a kept-alive client that asked once and waits.
    let mut idle: Vec<TcpStream> = (0..MAX_CONNECTIONS)
        .map(|_| {
            let mut t = s.connect(Duration::from_secs(5));
            t.write_all(
                format!("GET /api/games HTTP/1.1\r\nHost: {}\r\n\r\n", s.address).as_bytes(),
            )
            .unwrap();
            assert_eq!(read_reply(&mut t).unwrap().0, 200);
            t
        })
        .collect();
    // A newcomer is served: the idle ones are asked to close.
    let started = Instant::now();
    let mut t = s.connect(Duration::from_secs(5));
    send(
        &mut t,
        format!("GET /api/games HTTP/1.1\r\nHost: {}\r\n\r\n", s.address).as_bytes(),
    );
    assert_eq!(read_reply(&mut t).unwrap().0, 200);
    assert!(started.elapsed() < ROOM_WAIT, "{:?}", started.elapsed());
    for c in &mut idle {
        closed_within(c, Duration::from_secs(2));
    }
}

#[test]
fn running_out_of_file_descriptors_does_not_stop_the_listener() {
    let s = Setup::new("descriptors").open_files(64).start();
    // More connections than descriptors: the server cannot accept them all.
    let crowd: Vec<TcpStream> = (0..100)
        .map(|_| s.connect(Duration::from_secs(5)))
        .collect();
    std::thread::sleep(Duration::from_millis(500));
    drop(crowd);
    answers_again_within(&s, Duration::from_secs(5), "the listener is gone");
    assert!(s.stderr().contains("cannot accept"), "{}", s.stderr());
    s.assert_serving();
}

#[test]
fn http2_is_refused_cleanly() {
    let s = Studio::start("http2");
    for attempt in [
        format!("GET / HTTP/2.0\r\nHost: {}\r\n\r\n", s.address),
        "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".to_string(),
        format!("GET / HTTP/1.2\r\nHost: {}\r\n\r\n", s.address),
        format!("GET / HTTP/9\r\nHost: {}\r\n\r\n", s.address),
    ] {
        let mut t = s.connect(Duration::from_secs(5));
        send(&mut t, attempt.as_bytes());
        let got = answer_or_close(&mut t, Duration::from_secs(3));
        assert!(
            got.is_none_or(|status| (400..=505).contains(&status)),
            "{attempt:?}: {got:?}"
        );
        closed_within(&mut t, Duration::from_secs(3));
    }
    s.assert_serving();
}

#[test]
fn kept_alive_connections_answer_fast_and_starve_no_one() {
    let s = Studio::start("keepalive");
    // One connection, a hundred requests: no reply waits on the client's
    // acknowledgement (TCP_NODELAY), which cost 44 ms a request.
    let mut t = s.connect(Duration::from_secs(5));
    let started = Instant::now();
    for i in 0..100 {
        let request = if i % 2 == 0 {
            format!("GET /api/games HTTP/1.1\r\nHost: {}\r\n\r\n", s.address)
        } else {
            post_request(
                &s.address,
                "/api/state",
                r#"{"game": "chess", "moves": ["e2e4"]}"#,
                false,
            )
        };
        t.write_all(request.as_bytes()).unwrap();
        assert_eq!(read_reply(&mut t).unwrap().0, 200);
    }
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "{:?}",
        started.elapsed()
    );
    // Many kept-alive connections, idle after a request, and a burst of new
    // ones: every new one is answered at once.
    let idle: Vec<TcpStream> = (0..64)
        .map(|_| {
            let mut t = s.connect(Duration::from_secs(5));
            t.write_all(
                format!("GET /api/games HTTP/1.1\r\nHost: {}\r\n\r\n", s.address).as_bytes(),
            )
            .unwrap();
            assert_eq!(read_reply(&mut t).unwrap().0, 200);
            t
        })
        .collect();
    let started = Instant::now();
    let burst: Vec<_> = (0..32)
        .map(|_| {
            let address = s.address.clone();
            std::thread::spawn(move || {
                let mut t = TcpStream::connect(&address).unwrap();
                t.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
                t.write_all(
                    post_request(&address, "/api/state", r#"{"game": "crazyhouse"}"#, true)
                        .as_bytes(),
                )
                .unwrap();
                read_reply(&mut t).map(|r| r.0).ok()
            })
        })
        .collect();
    for b in burst {
        assert_eq!(b.join().unwrap(), Some(200));
    }
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "{:?}",
        started.elapsed()
    );
    drop(idle);
}

#[test]
fn a_perft_stops_within_its_time() {
    let s = Studio::start("perft-time");
    let started = Instant::now();
    let (status, body) = s.post(
        "/api/perft",
        &format!(r#"{{"game": "chess", "start": "{QUEENS}", "depth": 6}}"#),
    );
    let took = started.elapsed();
    assert_eq!(status, 200, "{body}");
    assert!(body.contains(r#""complete":false"#), "{body}");
    assert!(
        took < Duration::from_millis(MAX_SEARCH_MS) + Duration::from_secs(3),
        "{took:?}"
    );
    assert!(took >= Duration::from_millis(MAX_SEARCH_MS), "{took:?}");
}

#[test]
fn work_stops_when_its_client_leaves() {
    let s = Studio::start("cancel");
    let heavy = [
        format!(r#"{{"game": "chess", "start": "{QUEENS}", "depth": 6}}"#),
        format!(r#"{{"game": "chess", "start": "{QUEENS}", "movetime_ms": {MAX_SEARCH_MS}}}"#),
    ];
    for (path, body) in [("/api/perft", &heavy[0]), ("/api/bestmove", &heavy[1])] {
        // More heavy requests than there are slots, left at once.
        let leaving: Vec<TcpStream> = (0..8)
            .map(|_| {
                let mut t = s.connect(Duration::from_secs(5));
                t.write_all(post_request(&s.address, path, body, false).as_bytes())
                    .unwrap();
                t
            })
            .collect();
        std::thread::sleep(Duration::from_millis(500));
        drop(leaving);
        // Their slots are free again at once, not in ten seconds.
        let started = Instant::now();
        loop {
            let (status, answer) = s.post("/api/perft", r#"{"game": "chess", "depth": 2}"#);
            if status == 200 {
                break;
            }
            assert_eq!(status, 503, "{answer}");
            assert!(
                started.elapsed() < Duration::from_secs(2),
                "{path}: slots still held"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

#[test]
fn a_slow_compile_holds_no_one() {
    use tessera_cli::serve::limits::{JOB_BUDGET, JOB_GRACE};
    let s = Studio::start("slow-compile");
    // Each movement is refused by the compiler, but only after walking its
    // visit budget (about 0.3 s in this version); eighty of them take
    // longer than a request may. Should the compiler learn to refuse them
    // at once, the check is simply answered at once.
    let legs = common::unequal_legs(300);
    let movement = format!("  {}: jumping\n", legs);
    let text = format!(
        "game \"Slow\"\ngrid level A..P file a..p rank 1..16\ndirection n (0, 0, 1) e (0, 1, 0) s (0, 0, -1) w (0, -1, 0)\npiece Walker W\n{}setup white Walker Aa1 black Walker Pp16\n",
        movement.repeat(80)
    );
    assert!(text.len() < tessera::limits::MAX_RULE_FILE_BYTES);
    let body = serde_json::json!({ "rules": text }).to_string();
    let address = s.address.clone();
    let started = Instant::now();
    let checking = std::thread::spawn(move || {
        let mut t = TcpStream::connect(&address).unwrap();
        t.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
        t.write_all(post_request(&address, "/api/check", &body, true).as_bytes())
            .unwrap();
        read_reply(&mut t).map(|r| r.0).ok()
    });
    // Meanwhile the server answers others, games it has compiled among them.
    while !checking.is_finished() && started.elapsed() < Duration::from_secs(30) {
        s.assert_serving();
        let (status, _) = s.post("/api/state", r#"{"game": "chess"}"#);
        assert_eq!(status, 200);
        std::thread::sleep(Duration::from_millis(500));
    }
    let status = checking.join().unwrap();
    let took = started.elapsed();
    assert!(
        took < JOB_BUDGET + JOB_GRACE + Duration::from_secs(2),
        "{took:?}"
    );
    assert!(matches!(status, Some(200 | 503)), "{status:?}");
    s.assert_serving();
}

#[test]
fn a_client_that_reads_nothing_is_let_go() {
    use tessera_cli::serve::limits::WRITE_TIMEOUT;
    let s = Studio::start("reads-nothing");
    // Thousands of requests for the page's script sent at once, their
    // replies (tens of megabytes, far more than the sockets' buffers hold)
    // never read: the server's writes stall, and it gives up on them.
    let mut t = s.connect(Duration::from_secs(5));
    let one = format!("GET /studio.js HTTP/1.1\r\nHost: {}\r\n\r\n", s.address);
    let (_, script) = s.get("/studio.js");
    let count = (64 << 20) / script.len() + 1;
    send(&mut t, one.repeat(count).as_bytes());
    std::thread::sleep(WRITE_TIMEOUT + Duration::from_secs(2));
    s.assert_serving();
    // What arrives now is what the sockets held when the server gave up,
    // then the end of the connection: far from every reply.
    let mut received = 0usize;
    let mut sink = vec![0; 1 << 16];
    let started = Instant::now();
    t.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    loop {
        match t.read(&mut sink) {
            Ok(0) | Err(_) => break,
            Ok(n) => received += n,
        }
        assert!(started.elapsed() < Duration::from_secs(10), "still sending");
    }
    assert!(received < count * script.len() / 2, "{received} bytes");
}
