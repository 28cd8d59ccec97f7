# A stand-in for the official `nginx` image, from Debian's packages (scripts/docker-check.sh): the configuration in
# /etc/nginx/conf.d/*.conf (where compose.yaml mounts deploy/nginx.conf) and nothing else serving, logs to the
# container's output, nginx in the foreground. Debian bookworm packages nginx 1.22; compose.yaml asks for 1.27.
ARG BASE=swapgate-offline/debian:bookworm
FROM ${BASE}
RUN apt-get update && apt-get install -y --no-install-recommends nginx-light && rm -rf /var/lib/apt/lists/* \
 && rm -f /etc/nginx/sites-enabled/default \
 && ln -sf /dev/stdout /var/log/nginx/access.log && ln -sf /dev/stderr /var/log/nginx/error.log
EXPOSE 80
STOPSIGNAL SIGQUIT
CMD ["nginx", "-g", "daemon off;"]
