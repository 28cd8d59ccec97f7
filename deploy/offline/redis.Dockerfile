# A stand-in for the official `redis` image, from Debian's packages (scripts/docker-check.sh). Like the official
# image, it turns protected mode off (the server is reachable only on the compose network) and runs in the foreground.
# Debian bookworm packages Redis 7.0.
ARG BASE=swapgate-offline/debian:bookworm
FROM ${BASE}
RUN apt-get update && apt-get install -y --no-install-recommends redis-server redis-tools && rm -rf /var/lib/apt/lists/*
EXPOSE 6379
USER redis
ENTRYPOINT ["sh", "-c", "if [ \"$1\" = redis-server ]; then exec \"$@\" --protected-mode no; else exec \"$@\"; fi", "--"]
CMD ["redis-server"]
