package main

import (
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"strings"
	"time"

	"move/buildservice"
	"move/buildservice/buildtest"
	"move/commands"
)

// defaultLocalBuildTime is how long the local build service takes to "build".
const defaultLocalBuildTime = 20 * time.Second

// useBuildService connects the app build service (decision 1201):
//   - APP_BUILD_SERVICE_URL and APP_BUILD_SERVICE_KEY: the service's API;
//     APP_BUILD_SERVICE_URL=local starts the local fake inside this process
//     (development and end-to-end tests; refused in production), which builds in
//     APP_BUILD_LOCAL_DELAY (a Go duration, default 20s) and fails tags ending in "-fail";
//   - PUBLIC_URL: this server's address, where the service downloads icons and splash
//     images ({PUBLIC_URL}/v1/files/{id}/original).
//
// Without a service, requested builds wait and the build process submits them once one
// is configured. It answers the local service, if it started one (to stop with the server).
func useBuildService(app *commands.App, getenv func(string) string, production bool, log *slog.Logger) (*buildtest.Server, error) {
	base, key, public := getenv("APP_BUILD_SERVICE_URL"), getenv("APP_BUILD_SERVICE_KEY"), strings.TrimRight(getenv("PUBLIC_URL"), "/")
	if base == "" {
		log.Warn("no app build service (APP_BUILD_SERVICE_URL): requested app builds wait until one is configured")
		return nil, nil
	}
	if public == "" {
		return nil, errors.New("PUBLIC_URL is required with an app build service: it downloads the app's images there")
	}
	var local *buildtest.Server
	if base == "local" {
		if production {
			return nil, errors.New("APP_BUILD_SERVICE_URL=local is the test build service: not in production")
		}
		delay := defaultLocalBuildTime
		if v := getenv("APP_BUILD_LOCAL_DELAY"); v != "" {
			d, err := time.ParseDuration(v)
			if err != nil || d < 0 {
				return nil, fmt.Errorf("APP_BUILD_LOCAL_DELAY %q: a Go duration such as 20s", v)
			}
			delay = d
		}
		key = "test_local"
		local = buildtest.New(key, delay)
		base = local.URL
		log.Warn("the local test build service is building apps", "url", base, "build_time", delay.String())
	}
	app.UseBuildService(commands.BuildSetup{
		Service: buildservice.NewClient(base, key),
		FileURL: func(id string) string { return public + "/v1/files/" + url.PathEscape(id) + "/original" },
	})
	return local, nil
}
