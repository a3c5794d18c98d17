//! `tessera serve` over real HTTP: the JSON API answers a game's positions,
//! moves, checks, searches and perft, and answers hostile requests (bodies
//! over the limit, malformed JSON, unknown games, paths out of the served
//! folder, other sites' pages, many clients at once) with errors, never a
//! crash, writing nothing unless asked to save.
//!
//! Each test starts the binary on a scratch folder holding a copy of chess
//! and of crazyhouse, on a free port.

#[path = "common/studio.rs"]
mod studio;

use std::io::Write;
use std::net::TcpStream;
use studio::{read_reply, Studio};
use tessera::limits;
use tessera_cli::serve::limits as serve_limits;

/// The served copy of chess is still the original: nothing was saved.
#[track_caller]
fn assert_chess_unchanged(s: &Studio) {
    assert_eq!(
        std::fs::read_to_string(s.dir.join("chess.game")).unwrap(),
        std::fs::read_to_string("games/chess.game").unwrap()
    );
}

fn json(body: &str) -> serde_json::Value {
    serde_json::from_str(body).unwrap_or_else(|e| panic!("not JSON ({e}): {body}"))
}

#[test]
fn lists_the_games_and_serves_the_page() {
    let s = Studio::start("list");
    let (status, body) = s.get("/api/games");
    assert_eq!(status, 200);
    let names: Vec<String> = json(&body)["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["name"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(names, ["chess", "crazyhouse"]);
    let (status, page) = s.get("/");
    assert_eq!(status, 200);
    assert!(page.contains("<title>Tessera studio</title>"));
    assert_eq!(s.get("/studio.js").0, 200);
    assert_eq!(s.get("/studio.css").0, 200);
    let (status, body) = s.get("/api/games/chess");
    assert_eq!(status, 200);
    assert_eq!(
        json(&body)["text"].as_str().unwrap(),
        std::fs::read_to_string("games/chess.game").unwrap()
    );
}

#[test]
fn a_state_is_the_position_after_the_moves() {
    let s = Studio::start("state");
    let (status, body) = s.post(
        "/api/state",
        r#"{"game": "chess", "moves": ["e2e4", "e7e5"]}"#,
    );
    assert_eq!(status, 200, "{body}");
    let v = json(&body);
    assert_eq!(
        v["fen"],
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );
    assert_eq!(v["side_to_move"], "white");
    assert_eq!(v["cells"].as_array().unwrap().len(), 64);
    assert_eq!(v["pieces"].as_array().unwrap().len(), 32);
    assert_eq!(v["moves"].as_array().unwrap().len(), 29);
    assert_eq!(v["last"], serde_json::json!({"from": "e7", "to": "e5"}));
    // From a FEN, a promotion is four moves, one per kind.
    let (status, body) = s.post(
        "/api/state",
        r#"{"game": "chess", "start": "k7/4P3/8/8/8/8/8/K7 w - - 0 1"}"#,
    );
    assert_eq!(status, 200, "{body}");
    let v = json(&body);
    let mut promotions: Vec<&str> = v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["to"] == "e8")
        .map(|m| m["promotion"].as_str().unwrap())
        .collect();
    promotions.sort();
    assert_eq!(promotions, ["B", "N", "Q", "R"]);
    // A drop in crazyhouse names its pool and piece.
    let (_, body) = s.post(
        "/api/state",
        r#"{"game": "crazyhouse", "moves": ["e2e4", "d7d5", "e4d5", "d8d5"]}"#,
    );
    let v = json(&body);
    let drop = v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["text"] == "P@e3")
        .cloned()
        .unwrap();
    assert_eq!(drop["pool"], "hand");
    assert_eq!(drop["piece"], "P");
    assert_eq!(drop["from"], serde_json::Value::Null);
    assert_eq!(drop["to"], "e3");
}

#[test]
fn the_end_of_a_game_is_its_result() {
    let s = Studio::start("result");
    let (_, body) = s.post(
        "/api/state",
        r#"{"game": "chess", "moves": ["f2f3", "e7e5", "g2g4", "d8h4"]}"#,
    );
    let v = json(&body);
    assert_eq!(v["status"]["over"], true);
    assert_eq!(v["status"]["text"], "White is checkmated; Black wins (0-1)");
    assert_eq!(v["moves"].as_array().unwrap().len(), 0);
}

#[test]
fn checks_rule_files_with_line_and_column() {
    let s = Studio::start("check");
    let text = std::fs::read_to_string("games/chess.game")
        .unwrap()
        .replace("slide all", "slide alll");
    let body = serde_json::json!({ "rules": text }).to_string();
    let (status, answer) = s.post("/api/check", &body);
    assert_eq!(status, 200);
    let v = json(&answer);
    assert_eq!(v["ok"], false);
    let e = &v["errors"][0];
    assert_eq!(
        (e["line"].as_u64(), e["column"].as_u64()),
        (Some(24), Some(9))
    );
    assert_eq!(
        e["message"],
        "unknown direction or group `alll`; did you mean `all`?"
    );
    // A game played from rules with errors: 422 and the errors.
    let body = serde_json::json!({ "game": "chess", "rules": text }).to_string();
    let (status, answer) = s.post("/api/state", &body);
    assert_eq!(status, 422);
    assert_eq!(json(&answer)["errors"][0]["line"], 24);
}

#[test]
fn bestmove_and_perft_answer_within_their_limits() {
    let s = Studio::start("search");
    let (status, body) = s.post(
        "/api/bestmove",
        r#"{"game": "chess", "start": "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "depth": 3}"#,
    );
    assert_eq!(status, 200, "{body}");
    assert_eq!(json(&body)["move"], "a1a8");
    let (status, body) = s.post("/api/perft", r#"{"game": "chess", "depth": 2}"#);
    assert_eq!(status, 200);
    let v = json(&body);
    assert_eq!(v["total"], 400);
    assert_eq!(v["complete"], true);
    assert_eq!(v["divide"].as_array().unwrap().len(), 20);
    assert_eq!(
        v["divide"][0],
        serde_json::json!({"move": "a2a3", "nodes": 20})
    );
    let too_deep = format!(
        r#"{{"game": "chess", "depth": {}}}"#,
        serve_limits::MAX_SERVE_PERFT_DEPTH + 1
    );
    let (status, body) = s.post("/api/perft", &too_deep);
    assert_eq!(status, 400);
    assert!(
        body.contains("must be a whole number from 1 to 6"),
        "{body}"
    );
    let (status, _) = s.post(
        "/api/bestmove",
        &format!(
            r#"{{"game": "chess", "movetime_ms": {}}}"#,
            serve_limits::MAX_SEARCH_MS + 1
        ),
    );
    assert_eq!(status, 400);
}

#[test]
fn bad_requests_are_answered_with_their_reason() {
    let s = Studio::start("bad");
    let cases = [
        ("/api/state", "{\"game\": ", 400, "malformed JSON"),
        ("/api/state", "[1, 2]", 400, "must be a JSON object"),
        (
            "/api/state",
            r#"{"game": "chess", "mvoes": []}"#,
            400,
            "unknown field `mvoes`",
        ),
        (
            "/api/state",
            r#"{"game": 7}"#,
            400,
            "`game` must be a string",
        ),
        ("/api/state", r#"{"moves": []}"#, 400, "`game` is missing"),
        (
            "/api/state",
            r#"{"game": "chess", "moves": "e2e4"}"#,
            400,
            "list of strings",
        ),
        (
            "/api/state",
            r#"{"game": "chess", "moves": ["e2e4", "e2e4"]}"#,
            400,
            "move 2: `e2e4` is not a legal move",
        ),
        (
            "/api/state",
            r#"{"game": "chess", "start": "not a position"}"#,
            400,
            "not a FEN",
        ),
        (
            "/api/state",
            r#"{"game": "nosuch"}"#,
            404,
            "no game is called `nosuch`",
        ),
        (
            "/api/perft",
            r#"{"game": "chess"}"#,
            400,
            "`depth` is missing",
        ),
        (
            "/api/pieces",
            r#"{"game": "chess", "depth": 2}"#,
            400,
            "unknown field `depth`",
        ),
        (
            "/api/pieces",
            r#"{"game": "chesss"}"#,
            404,
            "no game is called `chesss`; did you mean `chess`?",
        ),
        ("/api/nowhere", "{}", 404, "nothing at `/api/nowhere`"),
    ];
    for (path, body, status, message) in cases {
        let (got, answer) = s.post(path, body);
        assert_eq!(got, status, "{body}: {answer}");
        assert!(
            json(&answer)["error"].as_str().unwrap().contains(message),
            "{body}: {answer}"
        );
    }
    assert_eq!(s.get("/api/state").0, 405);
    assert_eq!(s.get("/api/pieces").0, 405);
    let too_many = serde_json::json!({"game": "chess", "moves": vec!["e2e4"; serve_limits::MAX_REQUEST_MOVES + 1]});
    let (status, answer) = s.post("/api/state", &too_many.to_string());
    assert_eq!(status, 400);
    assert!(answer.contains("the limit is 10,000"), "{answer}");
}

#[test]
fn bodies_over_the_limit_are_refused() {
    let s = Studio::start("large");
    // Refused on its declared length, before a byte of it is read.
    let (status, body) = s.raw(
        format!(
            "POST /api/check HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
            s.address,
            serve_limits::MAX_REQUEST_BODY_BYTES + 1
        )
        .as_bytes(),
    );
    assert_eq!(status, 413, "{body}");
    // A chunked body says no length: it is cut off once past the limit.
    let size = serve_limits::MAX_REQUEST_BODY_BYTES + 1;
    let mut t = s.connect(std::time::Duration::from_secs(10));
    let head = format!(
        "POST /api/check HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n{size:x}\r\n",
        s.address
    );
    let _ = t.write_all(head.as_bytes());
    let _ = t.write_all(&vec![b' '; size]);
    let (status, body) = read_reply(&mut t).unwrap();
    assert_eq!(status, 413, "{body}");
    // A rule file over its limit inside a body under the limit: an error at
    // the start of the file, as `check` gives it.
    let big = format!("# {}\n", "x".repeat(limits::MAX_RULE_FILE_BYTES));
    let (status, body) = s.post(
        "/api/check",
        &serde_json::json!({ "rules": big }).to_string(),
    );
    assert_eq!(status, 200);
    assert!(body.contains("the limit is 1,048,576"), "{body}");
    let before = s.files();
    let (status, _) = s.post(
        "/api/save",
        &serde_json::json!({"game": "chess", "rules": big}).to_string(),
    );
    assert_eq!(status, 413);
    assert_eq!(s.files(), before);
}

#[test]
fn no_path_leads_out_of_the_served_folder() {
    let s = Studio::start("paths");
    let before = s.files();
    for path in [
        "/api/games/..%2F..%2FCargo.toml",
        "/api/games/../../Cargo.toml",
        "/../Cargo.toml",
        "/api/games/%2Fetc%2Fpasswd",
        "/web/studio.js",
        "/src/lib.rs",
    ] {
        let (status, body) = s.get(path);
        assert_eq!(status, 404, "{path}: {body}");
        assert!(!body.contains("[package]"), "{path}: {body}");
    }
    for game in ["../chess", "../../Cargo", "/etc/passwd", "chess.game"] {
        let body = serde_json::json!({"game": game, "rules": "x"}).to_string();
        assert_eq!(s.post("/api/save", &body).0, 404, "{game}");
    }
    assert_eq!(s.files(), before);
    assert!(!s.dir.parent().unwrap().join("chess").exists());
}

#[test]
fn other_sites_other_hosts_and_other_content_types_are_refused() {
    let s = Studio::start("origin");
    let (status, _) = s.raw(
        format!(
            "POST /api/save HTTP/1.1\r\nHost: {}\r\nContent-Type: text/plain\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{{}}",
            s.address
        )
        .as_bytes(),
    );
    assert_eq!(status, 415);
    let body = r#"{"game": "chess", "rules": "x"}"#;
    let (status, _) = s.raw(
        format!(
            "POST /api/save HTTP/1.1\r\nHost: {}\r\nOrigin: http://evil.example\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            s.address,
            body.len()
        )
        .as_bytes(),
    );
    assert_eq!(status, 403);
    // A page of another name pointed at 127.0.0.1 (DNS rebinding) names
    // itself as the host, and is refused, its own origin or not.
    let (status, _) = s.raw(
        format!(
            "POST /api/save HTTP/1.1\r\nHost: evil.example:80\r\nOrigin: http://evil.example:80\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        )
        .as_bytes(),
    );
    assert_eq!(status, 403);
    let (status, _) =
        s.raw(b"GET /api/games HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n");
    assert_eq!(status, 403);
    let (status, _) =
        s.raw(b"GET /api/games HTTP/1.1\r\nHost: localhost:1\r\nConnection: close\r\n\r\n");
    assert_eq!(status, 200);
    assert_chess_unchanged(&s);
}

#[test]
fn saving_writes_the_one_file_it_names() {
    let s = Studio::start("save");
    let text =
        "# a new chess\n".to_string() + &std::fs::read_to_string("games/chess.game").unwrap();
    let (status, body) = s.post(
        "/api/save",
        &serde_json::json!({"game": "chess", "rules": text}).to_string(),
    );
    assert_eq!(status, 200, "{body}");
    assert_eq!(json(&body)["saved"], "chess.game");
    let files = s.files();
    assert_eq!(files.len(), 2);
    assert_eq!(files[0], ("chess.game".to_string(), text.into_bytes()));
    assert_eq!(files[1].1, std::fs::read("games/crazyhouse.game").unwrap());
}

#[test]
fn many_clients_at_once_are_all_answered() {
    let s = Studio::start("concurrent");
    let clients: Vec<_> = (0..40)
        .map(|i| {
            let address = s.address.clone();
            std::thread::spawn(move || {
                let s = Probe(address);
                let mut statuses = Vec::new();
                for _ in 0..5 {
                    statuses
                        .push(s.post("/api/state", r#"{"game": "crazyhouse", "moves": ["e2e4"]}"#));
                }
                // Searches too: each answered, or refused as busy.
                if i % 4 == 0 {
                    statuses
                        .push(s.post("/api/bestmove", r#"{"game": "chess", "movetime_ms": 200}"#));
                }
                statuses
            })
        })
        .collect();
    // Clients that stop halfway through their headers or their body hold
    // up no one.
    let idle: Vec<TcpStream> = (0..20)
        .map(|i| {
            let mut t = TcpStream::connect(&s.address).unwrap();
            let half = if i % 2 == 0 {
                "POST /api/state HTTP/1.1\r\n".to_string()
            } else {
                format!("POST /api/state HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{{\"game\"", s.address)
            };
            t.write_all(half.as_bytes()).unwrap();
            t
        })
        .collect();
    for c in clients {
        for status in c.join().unwrap() {
            assert!(status == 200 || status == 503, "{status}");
        }
    }
    drop(idle);
    assert_eq!(s.get("/api/games").0, 200);
}

/// A client of a studio started elsewhere.
struct Probe(String);

impl Probe {
    fn post(&self, path: &str, body: &str) -> u16 {
        let mut stream = TcpStream::connect(&self.0).unwrap();
        let request = studio::post_request(&self.0, path, body, true);
        stream.write_all(request.as_bytes()).unwrap();
        read_reply(&mut stream).unwrap().0
    }
}

#[test]
fn games_whose_names_need_escaping_open() {
    let chess = std::fs::read_to_string("games/chess.game").unwrap();
    let s = studio::Setup::new("escaped")
        .game("my game.game", &chess)
        .game("échecs.game", &chess)
        .game("50%.game", &chess)
        .start();
    let (status, body) = s.get("/api/games");
    assert_eq!(status, 200);
    let names: Vec<String> = json(&body)["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["name"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(names, ["50%", "chess", "crazyhouse", "my game", "échecs"]);
    // As the page asks for them: encodeURIComponent(name).
    for (name, path) in [
        ("my game", "my%20game"),
        ("échecs", "%C3%A9checs"),
        ("50%", "50%25"),
    ] {
        let (status, body) = s.get(&format!("/api/games/{path}"));
        assert_eq!(status, 200, "{path}: {body}");
        assert_eq!(json(&body)["name"], name);
        assert_eq!(json(&body)["text"], chess.as_str());
        let state = serde_json::json!({"game": name, "moves": ["e2e4"]}).to_string();
        assert_eq!(s.post("/api/state", &state).0, 200, "{name}");
    }
    for bad in ["50%", "50%2", "%C3", "my%2"] {
        assert_eq!(s.get(&format!("/api/games/{bad}")).0, 404, "{bad}");
    }
}

#[test]
fn save_writes_only_files_that_resolve_inside_the_folder() {
    let outside = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("serve-outside.game");
    std::fs::write(&outside, "# outside\n").unwrap();
    let target = outside.clone();
    let s = studio::Setup::new("links")
        .prepare(move |dir| {
            std::os::unix::fs::symlink(&target, dir.join("out.game")).unwrap();
            std::os::unix::fs::symlink(dir.join("nothing-here"), dir.join("gone.game")).unwrap();
            std::fs::create_dir(dir.join("folder.game")).unwrap();
        })
        .start();
    // The dangling link and the folder are skipped, with a warning; the
    // link out is served.
    let (_, body) = s.get("/api/games");
    let names: Vec<String> = json(&body)["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["name"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(names, ["chess", "crazyhouse", "out"]);
    std::thread::sleep(std::time::Duration::from_millis(200));
    let warnings = s.stderr();
    assert!(warnings.contains("gone.game"), "{warnings}");
    assert!(warnings.contains("folder.game"), "{warnings}");
    assert!(
        warnings.contains("out.game` leads out of its folder"),
        "{warnings}"
    );
    let save = |game: &str| {
        s.post(
            "/api/save",
            &serde_json::json!({"game": game, "rules": "# saved\n"}).to_string(),
        )
    };
    let (status, body) = save("out");
    assert_eq!(status, 403, "{body}");
    assert_eq!(std::fs::read_to_string(&outside).unwrap(), "# outside\n");
    // A file replaced by a link out after the start is not written through.
    let chess = s.dir.join("chess.game");
    std::fs::remove_file(&chess).unwrap();
    std::os::unix::fs::symlink(&outside, &chess).unwrap();
    let (status, body) = save("chess");
    assert_eq!(status, 403, "{body}");
    assert_eq!(std::fs::read_to_string(&outside).unwrap(), "# outside\n");
    // A file gone since the start is not made again: an I/O error, 500.
    std::fs::remove_file(&chess).unwrap();
    let (status, body) = save("chess");
    assert_eq!(status, 500, "{body}");
    assert!(body.contains("cannot write"), "{body}");
    assert!(!chess.exists());
    assert_eq!(save("crazyhouse").0, 200);
    assert_eq!(
        std::fs::read_to_string(s.dir.join("crazyhouse.game")).unwrap(),
        "# saved\n"
    );
}

#[test]
fn listening_on_every_address_still_checks_the_host() {
    let s = studio::Setup::new("anyhost")
        .args(&["--host", "0.0.0.0", "--allow-host", "studio.test"])
        .start();
    let ask = |host: &str| {
        s.raw(
            format!("GET /api/games HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n")
                .as_bytes(),
        )
        .0
    };
    for allowed in [
        "127.0.0.1:1",
        "localhost",
        "[::1]:8000",
        "192.168.1.5:8000",
        "studio.test:8000",
    ] {
        assert_eq!(ask(allowed), 200, "{allowed}");
    }
    // A page of another name pointed at this machine (DNS rebinding).
    for refused in [
        "evil.example",
        "evil.example:8000",
        "studio.test.evil.example",
    ] {
        assert_eq!(ask(refused), 403, "{refused}");
    }
    let body = r#"{"game": "chess", "rules": "x"}"#;
    let (status, _) = s.raw(
        format!(
            "POST /api/save HTTP/1.1\r\nHost: evil.example\r\nOrigin: http://evil.example\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        )
        .as_bytes(),
    );
    assert_eq!(status, 403);
    assert_chess_unchanged(&s);
}

#[test]
fn errors_quote_input_cut_short() {
    let s = Studio::start("echo");
    let long = "x".repeat(100_000);
    for (path, body) in [
        (
            "/api/state",
            serde_json::json!({"game": "chess", "moves": [long]}),
        ),
        ("/api/state", serde_json::json!({ "game": long })),
        (
            "/api/state",
            serde_json::json!({"game": "chess", "start": long}),
        ),
        ("/api/state", serde_json::json!({ long.clone(): 1 })),
    ] {
        let (status, answer) = s.post(path, &body.to_string());
        assert!((400..500).contains(&status), "{status}");
        let message = json(&answer)["error"].as_str().unwrap().to_string();
        assert!(
            message.chars().count() <= serve_limits::MAX_ERROR_CHARS + 1,
            "{} characters",
            message.len()
        );
        assert!(message.contains('…'), "{message}");
    }
    let (_, answer) = s.post(
        "/api/state",
        &serde_json::json!({"game": "chess", "moves": [long]}).to_string(),
    );
    let message = json(&answer)["error"].as_str().unwrap().to_string();
    assert!(message.chars().count() < 300, "{message}");
}
