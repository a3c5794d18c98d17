//! Who may ask: the checks on a request's headers alone, made before its
//! body is read.
//!
//! The studio can read and write rule files, so it answers only requests
//! sent to a name it is served as. A page of another site whose name an
//! attacker points at this machine (DNS rebinding) sends its own name as
//! `Host`, whatever address the server listens on, and is refused. The
//! names allowed: `localhost`, any address written as an IP literal (the
//! browser connected to that very address, so no name was rebound), and the
//! names given with `--host` and `--allow-host`.

use super::api::Reply;

/// The names the studio is served as.
pub struct Access {
    names: Vec<String>,
}

impl Access {
    /// The loopback names and IP literals, `host` (the address it listens on,
    /// when that is a name) and each of `allowed`.
    pub fn new(host: &str, allowed: &[String]) -> Access {
        let names = std::iter::once(host)
            .chain(allowed.iter().map(String::as_str))
            .map(|n| n.trim().trim_end_matches('.').to_ascii_lowercase())
            .filter(|n| !n.is_empty())
            .collect();
        Access { names }
    }

    /// Whether `Host: value` names this studio.
    pub fn allows_host(&self, value: &str) -> bool {
        let name = host_name(value).trim_end_matches('.');
        name.eq_ignore_ascii_case("localhost")
            || is_ip_literal(name)
            || self.names.iter().any(|n| n.eq_ignore_ascii_case(name))
    }

    /// The reply to a request refused on its headers: a `Host` that is not
    /// one of the studio's names, a POST that is not JSON (another site's
    /// page cannot send JSON without the browser asking first, and the
    /// studio does not say yes), or a POST from another origin. `header`
    /// gives a header's value, if present and readable.
    pub fn refuse<'h>(
        &self,
        method: &str,
        header: impl Fn(&str) -> Option<&'h str>,
    ) -> Option<Reply> {
        let host = header("host");
        if !host.is_some_and(|h| self.allows_host(h)) {
            return Some(Reply::error(
                403,
                "the studio answers requests for localhost, its IP addresses and the names \
                 given with --host or --allow-host only",
            ));
        }
        if method != "POST" {
            return None;
        }
        let json = header("content-type")
            .is_some_and(|t| t.split(';').next().unwrap_or("").trim() == "application/json");
        if !json {
            return Some(Reply::error(
                415,
                "a request body must be JSON, with `Content-Type: application/json`",
            ));
        }
        if let (Some(origin), Some(host)) = (header("origin"), host) {
            if !origin.eq_ignore_ascii_case(&format!("http://{host}")) {
                return Some(Reply::error(
                    403,
                    "requests from another site's page are refused",
                ));
            }
        }
        None
    }
}

/// Whether `name` is an IPv4 address or a bracketed IPv6 one.
fn is_ip_literal(name: &str) -> bool {
    match name.strip_prefix('[').and_then(|n| n.strip_suffix(']')) {
        Some(v6) => v6.parse::<std::net::Ipv6Addr>().is_ok(),
        None => name.parse::<std::net::Ipv4Addr>().is_ok(),
    }
}

/// The name of a `Host` header without its port: `127.0.0.1`, `[::1]`.
fn host_name(host: &str) -> &str {
    let host = host.trim();
    match host.rsplit_once(':') {
        Some((name, port))
            if !name.is_empty()
                && !port.is_empty()
                && port.bytes().all(|b| b.is_ascii_digit())
                && (!name.contains(':') || name.ends_with(']')) =>
        {
            name
        }
        _ => host,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_are_the_names_it_is_served_as() {
        let any = Access::new("0.0.0.0", &["studio.lan".to_string()]);
        for good in [
            "localhost",
            "LOCALHOST:8000",
            "127.0.0.1",
            "127.0.0.1:8000",
            "[::1]:8000",
            "[::1]",
            "192.168.1.5:8000",
            "studio.lan:8000",
            "Studio.LAN.",
        ] {
            assert!(any.allows_host(good), "{good}");
        }
        for bad in [
            "evil.example",
            "evil.example:8000",
            "localhost.evil.example",
            "127.0.0.1.evil.example",
            "",
            "::1",
            "[::1",
            "studio.lan.evil",
        ] {
            assert!(!any.allows_host(bad), "{bad}");
        }
        let named = Access::new("studio.lan", &[]);
        assert!(named.allows_host("studio.lan:80"));
        assert!(!named.allows_host("other.lan"));
    }

    #[test]
    fn posts_must_be_json_from_the_studio_s_own_page() {
        let access = Access::new("127.0.0.1", &[]);
        let ask = |method: &str, headers: &[(&str, &'static str)]| {
            let headers = headers.to_vec();
            access
                .refuse(method, |name| {
                    headers.iter().find(|(n, _)| *n == name).map(|(_, v)| *v)
                })
                .map(|r| r.status)
        };
        let host = ("host", "127.0.0.1:8000");
        let json = ("content-type", "application/json; charset=utf-8");
        assert_eq!(ask("GET", &[host]), None);
        assert_eq!(ask("GET", &[]), Some(403));
        assert_eq!(ask("GET", &[("host", "evil.example")]), Some(403));
        assert_eq!(ask("POST", &[host]), Some(415));
        assert_eq!(
            ask("POST", &[host, ("content-type", "text/plain")]),
            Some(415)
        );
        assert_eq!(ask("POST", &[host, json]), None);
        let own = ("origin", "http://127.0.0.1:8000");
        assert_eq!(ask("POST", &[host, json, own]), None);
        let other = ("origin", "http://evil.example");
        assert_eq!(ask("POST", &[host, json, other]), Some(403));
        assert_eq!(ask("POST", &[host, json, ("origin", "null")]), Some(403));
    }
}
