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

/// A name that is not served is refused with the nearest served name, as a
/// hint in the message and as `suggestion`, for the page to offer; a name
/// near none gets no suggestion.
#[test]
fn an_unknown_game_is_refused_with_the_nearest_name() {
    let library = Library::scan(&[
        "games/chess.game".to_string(),
        "games/shogi.game".to_string(),
    ])
    .unwrap();
    let s = Studio::new(library, 1);
    let (status, refused) = ask(&s, "GET", "/api/games/shgi", "");
    assert_eq!(status, 404, "{refused}");
    assert_eq!(
        refused["error"],
        "no game is called `shgi`; did you mean `shogi`?"
    );
    assert_eq!(refused["suggestion"], "shogi");
    let (status, refused) = ask(&s, "POST", "/api/state", r#"{"game": "chesss"}"#);
    assert_eq!(status, 404, "{refused}");
    assert_eq!(refused["suggestion"], "chess");
    let (status, refused) = ask(&s, "GET", "/api/games/xyzzy-plugh", "");
    assert_eq!(status, 404, "{refused}");
    assert_eq!(refused["error"], "no game is called `xyzzy-plugh`");
    assert_eq!(refused["suggestion"], serde_json::Value::Null);
}

/// `POST /api/pieces` says what each piece is, as `tessera show --pieces`
/// says it (its letter, name and moves), with its value and pictures; the
/// compiler's copies (crazyhouse's `Q~`) are marked, for the legend to leave
/// out as `show --pieces` does.
#[test]
fn the_pieces_are_described_as_show_pieces_describes_them() {
    let library = Library::scan(&["games".to_string()]).unwrap();
    let s = Studio::new(library, 1);
    for name in ["chess", "shogi", "crazyhouse", "duck"] {
        let (status, answer) = ask(
            &s,
            "POST",
            "/api/pieces",
            &format!(r#"{{"game": "{name}"}}"#),
        );
        assert_eq!(status, 200, "{answer}");
        let pieces = answer["pieces"].as_array().unwrap();
        let listed: String = pieces
            .iter()
            .filter(|p| p["copy"] == false)
            .map(|p| {
                format!(
                    "{} {}: {}\n",
                    p["letter"].as_str().unwrap(),
                    p["kind"].as_str().unwrap(),
                    p["moves"].as_str().unwrap()
                )
            })
            .collect();
        let text = std::fs::read_to_string(format!("games/{name}.game")).unwrap();
        let game = tessera::compile_str(&text).unwrap();
        assert_eq!(listed, tessera::show::pieces(&game), "{name}");
        for p in pieces {
            let pictures = p["pictures"].as_object().unwrap();
            assert!(!pictures.is_empty(), "{name}: {p}");
            for svg in pictures.values() {
                assert!(svg.as_str().unwrap().starts_with("<svg"), "{name}: {p}");
            }
        }
    }
    let (_, chess) = ask(&s, "POST", "/api/pieces", r#"{"game": "chess"}"#);
    let knight = chess["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["kind"] == "Knight")
        .unwrap();
    assert_eq!(knight["kind"], "Knight");
    assert_eq!(knight["moves"], r#"betza "N""#);
    assert_eq!(knight["value"], 3);
    assert_eq!(chess["pieces"][0]["royal"], true);
    let (_, crazyhouse) = ask(&s, "POST", "/api/pieces", r#"{"game": "crazyhouse"}"#);
    assert!(
        crazyhouse["pieces"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["copy"] == true && p["letter"] == "Q~"),
        "{crazyhouse}"
    );
}

/// A promotion names the kind it makes, so that the chooser shows its
/// picture and orders the choices by value.
#[test]
fn a_promotion_names_the_kind_it_makes() {
    let s = studio();
    let (status, state) = ask(
        &s,
        "POST",
        "/api/state",
        r#"{"game": "chess", "start": "k7/4P3/8/8/8/8/8/K7 w - - 0 1"}"#,
    );
    assert_eq!(status, 200, "{state}");
    let mut made: Vec<(String, String)> = state["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["from"] == "e7")
        .map(|m| {
            (
                m["text"].as_str().unwrap().to_string(),
                m["promotion_kind"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    made.sort();
    assert_eq!(
        made,
        [
            ("e7e8b", "Bishop"),
            ("e7e8n", "Knight"),
            ("e7e8q", "Queen"),
            ("e7e8r", "Rook")
        ]
        .map(|(m, k)| (m.to_string(), k.to_string()))
    );
    let king = state["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["from"] == "a1")
        .unwrap();
    assert_eq!(king["promotion_kind"], serde_json::Value::Null);
}
