# A stand-in for the official `postgres` image, from Debian's packages, for machines that cannot pull images
# (scripts/docker-check.sh). It honours what compose.yaml uses of the official one: POSTGRES_USER, POSTGRES_PASSWORD
# and POSTGRES_DB on first start, data in /var/lib/postgresql/data, password authentication over the network, and
# `pg_isready` on the PATH. Debian bookworm packages PostgreSQL 15, not the 17 compose.yaml asks for.
ARG BASE=swapgate-offline/debian:bookworm
FROM ${BASE}
RUN mkdir -p /etc/postgresql-common && echo "create_main_cluster = false" > /etc/postgresql-common/createcluster.conf \
 && apt-get update && apt-get install -y --no-install-recommends postgresql-15 && rm -rf /var/lib/apt/lists/*
COPY postgres-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
ENV PGDATA=/var/lib/postgresql/data
VOLUME ["/var/lib/postgresql/data"]
EXPOSE 5432
STOPSIGNAL SIGINT
ENTRYPOINT ["docker-entrypoint.sh"]
CMD ["postgres"]
