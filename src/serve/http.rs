//! HTTP/1.1 for the studio, with hyper on tokio: accepting connections (at
//! most [`MAX_CONNECTIONS`], surviving accept failures), reading a request
//! within its limits of size and time, running its work on a work thread,
//! told to stop when its time is up or its client has gone, and writing the
//! reply.
//!
//! hyper gives the limits of the request line and headers (enforced before
//! they are buffered), the head timeout (also the idle timeout of a
//! kept-alive connection), chunked bodies read without buffering their size
//! lines, and it drops a request's future when its client closes the
//! connection. HTTP/2 is not served: browsers speak it only over TLS, which a
//! local studio does not; a request line of `HTTP/2.0` is answered 400 and
//! the connection closed, and the HTTP/2 preface gets the connection closed.

use super::access::Access;
use super::api::{Reply, Studio};
use super::jobs::Job;
use super::limits::{
    ACCEPT_BACKOFF, BODY_TIMEOUT, HEAD_TIMEOUT, JOB_BUDGET, JOB_GRACE, MAX_CONNECTIONS,
    MAX_HEADERS, MAX_HEAD_BYTES, MAX_REQUEST_BODY_BYTES, WRITE_TIMEOUT,
};
use super::stall::StallGuarded;
use http_body_util::{BodyExt, Full, LengthLimitError, Limited};
use hyper::body::{Body, Bytes, Incoming};
use hyper::{Request, Response};
use hyper_util::rt::{TokioIo, TokioTimer};
use std::borrow::Cow;
use std::convert::Infallible;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// What every connection shares.
pub struct Shared {
    /// The API.
    pub studio: Arc<Studio>,
    /// Who may ask.
    pub access: Access,
}

/// Accepts connections for as long as the process lives.
pub async fn accept(listener: TcpListener, shared: Arc<Shared>) {
    let connections = Arc::new(Semaphore::new(MAX_CONNECTIONS));
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
        match Arc::clone(&connections).try_acquire_owned() {
            Ok(permit) => {
                tokio::spawn(connection(stream, Arc::clone(&shared), permit));
            }
            Err(_) => {
                tokio::spawn(refuse_busy(stream));
            }
        }
    }
}

/// Serves one connection's requests, one after another, until it closes or
/// times out; its permit counts it among the open connections.
async fn connection(stream: TcpStream, shared: Arc<Shared>, _permit: OwnedSemaphorePermit) {
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
    // Errors (a client gone, a timeout, a malformed request hyper answered
    // itself) end that connection only.
    let _ = http.serve_connection(io, service).await;
}

/// The reply to a connection past [`MAX_CONNECTIONS`]: 503, and closed.
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

/// Sets its flag when dropped: when hyper drops a request's future because
/// its client has gone, the request's work is told to stop.
struct StopOnDrop(Arc<AtomicBool>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// The reply to one request.
async fn answer(request: Request<Incoming>, shared: &Arc<Shared>) -> Response<Full<Bytes>> {
    let method = request.method().as_str().to_string();
    let path = request.uri().path().to_string();
    let header = |name: &str| request.headers().get(name).and_then(|v| v.to_str().ok());
    if let Some(reply) = shared.access.refuse(&method, header) {
        return response(reply, false);
    }
    if request.body().size_hint().lower() > MAX_REQUEST_BODY_BYTES as u64 {
        return response(too_large(), true);
    }
    let body = match read_body(request.into_body()).await {
        Ok(body) => body,
        Err(reply) => return response(reply, true),
    };
    if Studio::is_cheap(&method, &path) {
        let job = Job::unbounded(Arc::clone(&shared.studio.slots));
        return response(shared.studio.respond(&method, &path, &body, &job), false);
    }
    let stop = Arc::new(AtomicBool::new(false));
    let _stop_when_dropped = StopOnDrop(Arc::clone(&stop));
    let job = Job::new(Arc::clone(&shared.studio.slots), Arc::clone(&stop));
    let studio = Arc::clone(&shared.studio);
    let mut work = tokio::task::spawn_blocking(move || {
        if job.stopped() {
            // Its client left while it waited for a work thread.
            return Reply::error(503, "the request was cancelled");
        }
        studio.respond(&method, &path, &body, &job)
    });
    let done = match tokio::time::timeout(JOB_BUDGET, &mut work).await {
        Ok(done) => done,
        Err(_) => {
            // Searches and perfts stop and answer what they have; a compile
            // cannot be stopped, and gets no more than the grace.
            stop.store(true, Ordering::Relaxed);
            match tokio::time::timeout(JOB_GRACE, &mut work).await {
                Ok(done) => done,
                Err(_) => {
                    return response(
                        Reply::error(
                            503,
                            format!(
                                "the request took over {} seconds; its work goes on without an \
                                 answer until it ends (a compile cannot be stopped)",
                                (JOB_BUDGET + JOB_GRACE).as_secs()
                            ),
                        ),
                        false,
                    )
                }
            }
        }
    };
    // A panic is a bug; it costs its request an error, not the server.
    response(
        done.unwrap_or_else(|_| Reply::error(500, "internal error")),
        false,
    )
}

/// The body, at most [`MAX_REQUEST_BODY_BYTES`], within [`BODY_TIMEOUT`].
async fn read_body(body: Incoming) -> Result<Bytes, Reply> {
    let limited = Limited::new(body, MAX_REQUEST_BODY_BYTES);
    match tokio::time::timeout(BODY_TIMEOUT, limited.collect()).await {
        Ok(Ok(collected)) => Ok(collected.to_bytes()),
        Ok(Err(e)) if e.downcast_ref::<LengthLimitError>().is_some() => Err(too_large()),
        Ok(Err(e)) => Err(Reply::error(400, format!("cannot read the body: {e}"))),
        Err(_) => Err(Reply::error(
            408,
            format!(
                "the body did not arrive within {} seconds",
                BODY_TIMEOUT.as_secs()
            ),
        )),
    }
}

fn too_large() -> Reply {
    Reply::error(
        413,
        format!(
            "the body is over {} bytes, the limit",
            crate::limits::thousands(MAX_REQUEST_BODY_BYTES as u128)
        ),
    )
}

/// The HTTP reply; `close` closes the connection after it (its body was
/// not read, or not whole).
fn response(reply: Reply, close: bool) -> Response<Full<Bytes>> {
    let body = match reply.body {
        Cow::Borrowed(text) => Bytes::from_static(text.as_bytes()),
        Cow::Owned(text) => Bytes::from(text),
    };
    let mut builder = Response::builder()
        .status(reply.status)
        .header("content-type", reply.content_type)
        .header("cache-control", "no-store")
        .header("x-content-type-options", "nosniff");
    if close {
        builder = builder.header("connection", "close");
    }
    builder.body(Full::new(body)).unwrap_or_else(|_| {
        // Only an invalid status could fail, and the API's are valid.
        let mut fallback = Response::new(Full::new(Bytes::from_static(
            b"{\"error\":\"internal error\"}",
        )));
        *fallback.status_mut() = hyper::StatusCode::INTERNAL_SERVER_ERROR;
        fallback
    })
}
