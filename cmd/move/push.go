package main

import (
	"errors"
	"log/slog"

	"move/push"
	"move/push/pushtest"
)

// pushSender connects the push service the scheduled notifications leave through
// (decision 1101):
//   - PUSH_SERVICE_URL and PUSH_API_KEY: the service's API;
//   - PUSH_SERVICE_URL=local starts the local fake inside this process (development and
//     end-to-end tests; refused in production);
//   - unset: pushes are written to the log (without their texts) outside production; in
//     production nothing is sent and the notifications wait for a service (none is
//     marked sent that reached nobody).
//
// It answers the local fake, if it started one (to stop with the server).
func pushSender(getenv func(string) string, production bool, log *slog.Logger) (push.Sender, *pushtest.Server, error) {
	base, key := getenv("PUSH_SERVICE_URL"), getenv("PUSH_API_KEY")
	switch {
	case base == "" && production:
		log.Warn("no push service (PUSH_SERVICE_URL): scheduled notifications wait until one is configured")
		return nil, nil, nil
	case base == "":
		log.Warn("no push service (PUSH_SERVICE_URL): notifications are written to the log, not sent")
		return push.LogSender{Log: log}, nil, nil
	case base == "local":
		if production {
			return nil, nil, errors.New("PUSH_SERVICE_URL=local is the test push service: not in production")
		}
		local := pushtest.New("test_local")
		log.Warn("the local test push service receives the notifications", "url", local.URL)
		return push.NewClient(local.URL, "test_local"), local, nil
	}
	return push.NewClient(base, key), nil, nil
}
