package readapi

import (
	"net/http"

	"move/domain/countries"
)

// countryRoutes answer the country codes an address may name; the SPA's country select
// shows them in the user's language with Intl.DisplayNames (decision 0522).
func (s *Server) countryRoutes() []Route {
	return []Route{
		{Method: http.MethodGet, Pattern: "/v1/countries", Permission: Public, Handler: s.countries,
			Doc: Doc{Summary: "The ISO 3166-1 alpha-2 country codes an address may name, lower case, sorted", Response: dataAnswer[[]string]{}}},
	}
}

func (s *Server) countries(w http.ResponseWriter, _ *http.Request) error {
	writeJSON(w, http.StatusOK, dataAnswer[[]string]{Data: countries.Codes()})
	return nil
}
