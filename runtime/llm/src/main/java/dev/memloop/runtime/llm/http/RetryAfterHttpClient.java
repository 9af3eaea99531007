package dev.memloop.runtime.llm.http;

import java.io.IOException;
import java.net.Authenticator;
import java.net.CookieHandler;
import java.net.ProxySelector;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;

/**
 * The JDK's HTTP client, unchanged, except that every response's {@code Retry-After} is told to a {@link RetryAfter}.
 *
 * <p>Why a client of our own: langchain4j turns a 429 into a {@code RateLimitException} that keeps the status and the
 * body but drops the headers, so the wait a server asks for never reaches the retry policy. langchain4j's JDK client
 * takes a {@link HttpClient.Builder}; {@link #builder} gives it one whose client sees each response first.
 */
public final class RetryAfterHttpClient extends HttpClient {

  private final HttpClient delegate;
  private final RetryAfter retryAfter;

  private RetryAfterHttpClient(HttpClient delegate, RetryAfter retryAfter) {
    this.delegate = delegate;
    this.retryAfter = retryAfter;
  }

  /** A JDK client builder whose clients tell {@code retryAfter} what each 429 or 503 asked for. */
  public static HttpClient.Builder builder(RetryAfter retryAfter) {
    return new Builder(HttpClient.newBuilder(), retryAfter);
  }

  @Override
  public <T> HttpResponse<T> send(HttpRequest request, HttpResponse.BodyHandler<T> handler)
      throws IOException, InterruptedException {
    return seen(delegate.send(request, handler));
  }

  @Override
  public <T> CompletableFuture<HttpResponse<T>> sendAsync(HttpRequest request, HttpResponse.BodyHandler<T> handler) {
    return delegate.sendAsync(request, handler).thenApply(this::seen);
  }

  @Override
  public <T> CompletableFuture<HttpResponse<T>> sendAsync(HttpRequest request, HttpResponse.BodyHandler<T> handler,
      HttpResponse.PushPromiseHandler<T> pushPromiseHandler) {
    return delegate.sendAsync(request, handler, pushPromiseHandler).thenApply(this::seen);
  }

  private <T> HttpResponse<T> seen(HttpResponse<T> response) {
    retryAfter.record(response.statusCode(), response.headers());
    return response;
  }

  // the rest is the delegate's

  @Override
  public Optional<CookieHandler> cookieHandler() {
    return delegate.cookieHandler();
  }

  @Override
  public Optional<Duration> connectTimeout() {
    return delegate.connectTimeout();
  }

  @Override
  public Redirect followRedirects() {
    return delegate.followRedirects();
  }

  @Override
  public Optional<ProxySelector> proxy() {
    return delegate.proxy();
  }

  @Override
  public SSLContext sslContext() {
    return delegate.sslContext();
  }

  @Override
  public SSLParameters sslParameters() {
    return delegate.sslParameters();
  }

  @Override
  public Optional<Authenticator> authenticator() {
    return delegate.authenticator();
  }

  @Override
  public Version version() {
    return delegate.version();
  }

  @Override
  public Optional<Executor> executor() {
    return delegate.executor();
  }

  /** The JDK's builder; {@link #build} wraps what it builds. */
  private static final class Builder implements HttpClient.Builder {

    private final HttpClient.Builder delegate;
    private final RetryAfter retryAfter;

    Builder(HttpClient.Builder delegate, RetryAfter retryAfter) {
      this.delegate = delegate;
      this.retryAfter = retryAfter;
    }

    @Override
    public HttpClient build() {
      return new RetryAfterHttpClient(delegate.build(), retryAfter);
    }

    @Override
    public HttpClient.Builder cookieHandler(CookieHandler cookieHandler) {
      delegate.cookieHandler(cookieHandler);
      return this;
    }

    @Override
    public HttpClient.Builder connectTimeout(Duration duration) {
      delegate.connectTimeout(duration);
      return this;
    }

    @Override
    public HttpClient.Builder sslContext(SSLContext sslContext) {
      delegate.sslContext(sslContext);
      return this;
    }

    @Override
    public HttpClient.Builder sslParameters(SSLParameters sslParameters) {
      delegate.sslParameters(sslParameters);
      return this;
    }

    @Override
    public HttpClient.Builder executor(Executor executor) {
      delegate.executor(executor);
      return this;
    }

    @Override
    public HttpClient.Builder followRedirects(Redirect policy) {
      delegate.followRedirects(policy);
      return this;
    }

    @Override
    public HttpClient.Builder version(Version version) {
      delegate.version(version);
      return this;
    }

    @Override
    public HttpClient.Builder priority(int priority) {
      delegate.priority(priority);
      return this;
    }

    @Override
    public HttpClient.Builder proxy(ProxySelector proxySelector) {
      delegate.proxy(proxySelector);
      return this;
    }

    @Override
    public HttpClient.Builder authenticator(Authenticator authenticator) {
      delegate.authenticator(authenticator);
      return this;
    }
  }
}
