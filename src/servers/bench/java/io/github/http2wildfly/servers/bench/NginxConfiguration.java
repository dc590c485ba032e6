package io.github.http2wildfly.servers.bench;

import java.nio.file.Path;

/**
 * nginx's configuration as the benchmarks here run it, around what its http block serves: in the foreground, its pid,
 * error log and temporary files in its own folder, a worker a core, no access log (WildFly keeps none), and a client's
 * connection kept for h2load's whole run (nginx closes one after 1,000 requests by default, which ended h2load's).
 */
public final class NginxConfiguration {

    private NginxConfiguration() {
    }

    /**
     * @param dir nginx's own folder
     * @param http what the http block holds besides: upstreams and servers, each line indented by two spaces
     */
    public static String of(Path dir, String http) {
        return """
                daemon off;
                worker_processes auto;
                pid %1$s/nginx.pid;
                error_log %1$s/error.log;
                events { worker_connections 4096; }
                http {
                  access_log off;
                  keepalive_requests 1000000;
                  client_body_temp_path %1$s; proxy_temp_path %1$s; fastcgi_temp_path %1$s; uwsgi_temp_path %1$s; scgi_temp_path %1$s;
                %2$s}
                """.formatted(dir, http);
    }
}
