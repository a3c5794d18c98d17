//! Accepting connections and serving each with hyper: at most
//! [`MAX_CONNECTIONS`] open at once, accept failures survived, replies sent
//! without delay (TCP_NODELAY), and hyper's limits on what a client sends.
//!
//! hyper bounds the request line and headers before it buffers them, times
//! the wait for them (on a kept-alive connection, from the end of the last
//! reply: its idle timeout), reads chunked bodies without buffering their
//! size lines, and refuses absurd lengths. HTTP/2 is not served: browsers
//! speak it only over TLS, which a local studio does not have; a request
//! line of `HTTP/2.0` gets 400 and the HTTP/2 preface a closed connection.
//!
//! When every place is taken, the connections that are idle between
//! requests are asked to close (hyper closes them at once, and the others
//! after their request), and the newcomer waits a moment for a place; it
//! gets 503 only if none frees up, so kept-alive clients that do nothing
//! cannot keep others out.

use super::http::{answer, Shared};
use super::limits::{
    ACCEPT_BACKOFF, HEAD_TIMEOUT, MAX_CONNECTIONS, MAX_HEADERS, MAX_HEAD_BYTES, ROOM_WAIT,
    WRITE_TIMEOUT,
};
use super::stall::StallGuarded;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::convert::Infallible;
use std::future::Future;
use std::sync::Arc;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{watch, OwnedSemaphorePermit, Semaphore};

/// Accepts connections for as long as the process lives.
pub async fn accept(listener: TcpListener, shared: Arc<Shared>) {
    let places = Arc::new(Semaphore::new(MAX_CONNECTIONS));
    // Newcomers waiting for a place, at most as many as a tenth of the
    // places; more are refused at once.
    let waiting = Arc::new(Semaphore::new(MAX_CONNECTIONS / 10));
    // Raised when every place is taken: idle connections close.
    let (shed, _) = watch::channel(0u64);
    let mut failing = false;
    loop {
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            // A connection its client reset before it was accepted concerns
            // that client only.
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::ConnectionAborted
                        | std::io::ErrorKind::ConnectionReset
                        | std::io::ErrorKind::Interrupted
                ) =>
            {
                continue
            }
            // Out of file descriptors or memory: what is open now will close
            // (every connection has its timeouts), so wait a little and try
            // again, rather than spin or give up listening.
            Err(e) => {
                if !failing {
                    eprintln!("tessera serve: cannot accept a connection ({e}); retrying");
                    failing = true;
                }
                tokio::time::sleep(ACCEPT_BACKOFF).await;
                continue;
            }
        };
        if failing {
            eprintln!("tessera serve: accepting connections again");
            failing = false;
        }
        // Replies go out whole at once, not held back for the client's
        // acknowledgement of the previous segment (Nagle's algorithm), which
        // costs a kept-alive connection tens of milliseconds a request.
        let _ = stream.set_nodelay(true);
        let shared = Arc::clone(&shared);
        if let Ok(place) = Arc::clone(&places).try_acquire_owned() {
            tokio::spawn(connection(stream, shared, place, shed.subscribe()));
            continue;
        }
        shed.send_modify(|n| *n += 1);
        let Ok(wait) = Arc::clone(&waiting).try_acquire_owned() else {
            tokio::spawn(refuse_busy(stream));
            continue;
        };
        let places = Arc::clone(&places);
        let shed = shed.subscribe();
        tokio::spawn(async move {
            let place = tokio::time::timeout(ROOM_WAIT, places.acquire_owned()).await;
            drop(wait);
            match place {
                Ok(Ok(place)) => connection(stream, shared, place, shed).await,
                _ => refuse_busy(stream).await,
            }
        });
    }
}

/// Serves one connection's requests, one after another, until it closes or
/// times out, or closes when idle once `shed` changes; `_place` counts it
/// among the open connections.
async fn connection(
    stream: TcpStream,
    shared: Arc<Shared>,
    _place: OwnedSemaphorePermit,
    mut shed: watch::Receiver<u64>,
) {
    let io = TokioIo::new(StallGuarded::new(stream, WRITE_TIMEOUT));
    let service = hyper::service::service_fn(move |request| {
        let shared = Arc::clone(&shared);
        async move { Ok::<_, Infallible>(answer(request, &shared).await) }
    });
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(HEAD_TIMEOUT)
        .max_header_size(MAX_HEAD_BYTES)
        .max_headers(MAX_HEADERS)
        .max_buf_size(4 * MAX_HEAD_BYTES);
    let mut serving = std::pin::pin!(http.serve_connection(io, service));
    let mut asked = std::pin::pin!(shed.changed());
    let mut shedding = false;
    // Errors (a client gone, a timeout, a malformed request hyper answered
    // itself) end this connection only.
    let _ = std::future::poll_fn(|cx| {
        if !shedding && asked.as_mut().poll(cx).is_ready() {
            shedding = true;
            // Closes the connection now if it is between requests, else
            // after the request it is in.
            serving.as_mut().graceful_shutdown();
        }
        serving.as_mut().poll(cx)
    })
    .await;
}

/// The reply to a connection that finds no place: 503, and closed.
async fn refuse_busy(mut stream: TcpStream) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let body = format!(
        "{{\"error\":\"the studio has {MAX_CONNECTIONS} connections open, the most; try again soon\"}}"
    );
    let reply = format!(
        "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json; charset=utf-8\r\n\
         Content-Length: {}\r\nConnection: close\r\nRetry-After: 1\r\n\r\n{body}",
        body.len()
    );
    // Written, then the rest of the request read and dropped for a moment, so
    // that closing with it unread does not reset the connection before the
    // client reads the reply.
    let _ = tokio::time::timeout(std::time::Duration::from_secs(1), async {
        stream.write_all(reply.as_bytes()).await?;
        stream.shutdown().await?;
        let mut sink = [0; 4096];
        while stream.read(&mut sink).await? > 0 {}
        Ok::<_, std::io::Error>(())
    })
    .await;
}
