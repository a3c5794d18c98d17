//! One request, from its headers to its reply: the checks on its headers,
//! its body read within its limits of size and time, its work run on a work
//! thread, told to stop when its time is up or its client has gone, and the
//! reply. `listen.rs` accepts the connections and has hyper read them.
//!
//! hyper drops a request's future when its client closes the connection;
//! that is how a request's work learns that no one waits for it.

use super::access::Access;
use super::api::{Reply, Studio};
use super::jobs::Job;
use super::limits::{BODY_TIMEOUT, JOB_BUDGET, JOB_GRACE, MAX_REQUEST_BODY_BYTES};
use http_body_util::{BodyExt, Full, LengthLimitError, Limited};
use hyper::body::{Body, Bytes, Incoming};
use hyper::{Request, Response};
use std::borrow::Cow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// What every connection shares.
pub struct Shared {
    /// The API.
    pub studio: Arc<Studio>,
    /// Who may ask.
    pub access: Access,
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
pub async fn answer(request: Request<Incoming>, shared: &Arc<Shared>) -> Response<Full<Bytes>> {
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
            tessera::limits::thousands(MAX_REQUEST_BODY_BYTES as u128)
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
