//! The studio's API without HTTP: `Studio::respond` takes a method, a path
//! and a body and gives a status and JSON, so a program (or a page built
//! around the same code) gets the studio's answers with no server and no
//! socket. The HTTP layer (`tests/serve.rs`) only carries these answers.

use std::sync::Arc;
use tessera_cli::serve::api::Studio;
use tessera_cli::serve::jobs::Job;
use tessera_cli::serve::library::Library;

fn studio() -> Studio {
    let library = Library::scan(&["games/chess.game".to_string()]).unwrap();
    Studio::new(library, 1)
}

fn ask(studio: &Studio, method: &str, path: &str, body: &str) -> (u16, serde_json::Value) {
    let job = Job::unbounded(Arc::clone(&studio.slots));
    let reply = studio.respond(method, path, body.as_bytes(), &job);
    let value = serde_json::from_str(&reply.body)
        .unwrap_or_else(|e| panic!("not JSON ({e}): {}", reply.body));
    (reply.status, value)
}

#[test]
fn a_position_is_answered_as_data() {
    let s = studio();
    let (status, games) = ask(&s, "GET", "/api/games", "");
    assert_eq!(status, 200);
    assert_eq!(games["opening"], "chess");

    let (status, state) = ask(
        &s,
        "POST",
        "/api/state",
        r#"{"game": "chess", "moves": ["e2e4"]}"#,
    );
    assert_eq!(status, 200, "{state}");
    assert_eq!(state["side_to_move"], "black");
    assert_eq!(state["moves"].as_array().unwrap().len(), 20);
    assert_eq!(
        state["fen"],
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    assert_eq!(state["last"]["from"], "e2");
    assert_eq!(state["last"]["to"], "e4");
    let e5 = state["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["text"] == "e7e5")
        .expect("e7e5 is listed");
    assert_eq!(e5["from"], "e7");
    assert_eq!(e5["capture"], false);
}

#[test]
fn rules_perft_and_refusals_are_answered_as_data() {
    let s = studio();
    let rules = std::fs::read_to_string("games/chess.game").unwrap();
    let body = serde_json::json!({"game": "chess", "rules": rules, "depth": 2}).to_string();
    let (status, perft) = ask(&s, "POST", "/api/perft", &body);
    assert_eq!(status, 200, "{perft}");
    assert_eq!(perft["total"], 400);
    assert_eq!(perft["complete"], true);
    assert_eq!(perft["divide"].as_array().unwrap().len(), 20);

    let (status, check) = ask(
        &s,
        "POST",
        "/api/check",
        r#"{"rules": "grid file a..h rank 1..8\npiece King K royal\n  step nowhere\n"}"#,
    );
    assert_eq!(status, 200);
    assert_eq!(check["ok"], false);
    assert_eq!(check["errors"][0]["line"], 3);

    let (status, refused) = ask(
        &s,
        "POST",
        "/api/state",
        r#"{"game": "chess", "moves": ["e2e5"]}"#,
    );
    assert_eq!(status, 400, "{refused}");
    assert!(
        refused["error"].as_str().unwrap().contains("e2e5"),
        "{refused}"
    );
    let (status, _) = ask(&s, "GET", "/api/nothing", "");
    assert_eq!(status, 404);
}
