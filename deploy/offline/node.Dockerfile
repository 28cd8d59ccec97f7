# A stand-in for the official `node:24-bookworm-slim`, for machines that cannot pull images (scripts/docker-check.sh):
# Debian bookworm (debootstrap), Node 24 from the npm registry's `node` package and npm 11 in /usr/local, and the
# `node` user (uid 1000) the official image has. The project's Dockerfile takes it through `--build-arg NODE_IMAGE`.
ARG BASE=swapgate-offline/debian:bookworm
FROM ${BASE}
COPY node /usr/local/bin/node
# The machine's extra certificate authorities (an intercepting egress proxy's), when it has any: npm inside the build
# reaches the registry through it. Empty and unused otherwise.
ARG EXTRA_CA_CERTS=
COPY extra-ca.crt /usr/local/share/swapgate-offline/extra-ca.crt
ENV NODE_EXTRA_CA_CERTS=${EXTRA_CA_CERTS}
ADD npm.tgz /usr/local/lib/node_modules/
RUN mv /usr/local/lib/node_modules/package /usr/local/lib/node_modules/npm \
 && ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
 && groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node \
 && node --version && npm --version
CMD ["node"]
