package catalog

import (
	"net/http"

	"move/domain/countries"
	"move/readapi/kernel"
)

// countryRoutes answer the country codes an address may name; the SPA's country select
// shows them in the user's language with Intl.DisplayNames (decision 0522).
func (s *Handlers) CountryRoutes() []kernel.Route {
	return []kernel.Route{
		{Method: http.MethodGet, Pattern: "/v1/countries", Permission: kernel.Public, Handler: s.countries,
			Doc: kernel.Doc{Summary: "The ISO 3166-1 alpha-2 country codes an address may name, lower case, sorted", Response: kernel.DataAnswer[[]string]{}}},
	}
}

func (s *Handlers) countries(w http.ResponseWriter, _ *http.Request) error {
	kernel.WriteJSON(w, http.StatusOK, kernel.DataAnswer[[]string]{Data: countries.Codes()})
	return nil
}
