# mcp-fuzzer container image: a Java 17 runtime, Node.js/npm (most stdio MCP servers are npm packages,
# started with `npx`), python3, and the Linux tools the fuzzer uses to contain targets (setsid, prlimit
# and unshare from util-linux, bubblewrap, procps). Runs as an unprivileged user.
#
#   docker build -t mcp-fuzzer .
#   docker run --rm -v "$PWD/reports:/work/reports" mcp-fuzzer demo
#   docker run --rm -v "$PWD/reports:/work/reports" mcp-fuzzer \
#       --endpoint "npx -y @modelcontextprotocol/server-everything" --mode all --fail-on high
#
# --sandbox bwrap and --no-network need user namespaces inside the container; under Docker's default
# seccomp profile they are refused and the fuzzer reports what it could not apply (docs/troubleshooting.md).

# --- build: the shaded jar and the release tarball (scripts/make-dist.sh, run by `mvnw package`)
FROM eclipse-temurin:17-jdk AS build
WORKDIR /src
COPY mvnw pom.xml ./
COPY .mvn .mvn
RUN ./mvnw -B -q dependency:go-offline || true
COPY src src
COPY scripts scripts
COPY docs docs
COPY README.md ./
RUN ./mvnw -B -q -DskipTests package \
 && mkdir -p /dist \
 && tar -C /dist -xzf target/mcp-fuzzer-*-dist.tar.gz \
 && mv /dist/mcp-fuzzer-* /dist/mcp-fuzzer

# --- runtime
FROM eclipse-temurin:17-jre
RUN apt-get update \
 && apt-get install -y --no-install-recommends nodejs npm python3 util-linux procps bubblewrap iproute2 ca-certificates \
 && rm -rf /var/lib/apt/lists/*
COPY --from=build /dist/mcp-fuzzer /opt/mcp-fuzzer
RUN ln -s /opt/mcp-fuzzer/mcp-fuzzer /usr/local/bin/mcp-fuzzer \
 && useradd --create-home --uid 10001 --shell /usr/sbin/nologin fuzzer \
 && mkdir -p /work && chown fuzzer:fuzzer /work
USER fuzzer
WORKDIR /work
ENV HOME=/home/fuzzer
ENTRYPOINT ["/opt/mcp-fuzzer/mcp-fuzzer"]
CMD ["--help"]
