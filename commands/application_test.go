package commands_test

import (
	"context"
	"testing"

	"move/commands"
	"move/domain/identity"
	"move/internal/testenv"
)

// inApplication creates an application with slug as its name and slug, and answers a
// test actor's meta in it: where most command tests start.
func inApplication(t *testing.T, env *testenv.Env, slug string) commands.Meta {
	t.Helper()
	app, err := env.App.CreateApplication(context.Background(), commands.Meta{ActorID: "test"}, identity.ApplicationSettings{Name: slug, Slug: slug})
	if err != nil {
		t.Fatal(err)
	}
	return commands.Meta{ActorID: "test", ApplicationID: app.ID}
}
