package kernel

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"golang.org/x/text/language"
)

// Languages the API answers in: Dutch by default, English as the fallback.
var (
	supported = []language.Tag{language.Dutch, language.English}
	matcher   = language.NewMatcher(supported)
)

// Lang picks nl or en from Accept-Language.
func Lang(r *http.Request) string {
	tag, _ := language.MatchStrings(matcher, r.Header.Get("Accept-Language"))
	if base, _ := tag.Base(); base.String() == "en" {
		return "en"
	}
	return "nl"
}

// kernelMessages are the kernel's own message keys and field names (validation,
// errors, states), in nl and en.
//
//go:embed messages.json
var kernelMessages []byte

// messages are the texts the API sends, by key and language, and fieldNames the
// fields' names in messages and export headers: the kernel's own and every context's
// (RegisterMessages). {field} and other {params} are filled in; a key missing in nl
// falls back to en.
var messages, fieldNames = map[string]map[string]string{}, map[string]map[string]string{}

func init() { RegisterMessages(kernelMessages) }

// RegisterMessages adds a part's message keys and field names, a JSON document
// {"messages": {key: {"nl": …, "en": …}}, "fields": {…}}, to those the kernel
// resolves. Each context calls it once, from its messages.go, with its messages.json;
// a malformed document or a key that two parts declare is a mistake and stops the
// program at start.
func RegisterMessages(document []byte) {
	var texts struct {
		Messages map[string]map[string]string `json:"messages"`
		Fields   map[string]map[string]string `json:"fields"`
	}
	if err := json.Unmarshal(document, &texts); err != nil {
		panic("readapi: messages: " + err.Error())
	}
	for _, part := range []struct{ into, from map[string]map[string]string }{{messages, texts.Messages}, {fieldNames, texts.Fields}} {
		for key, byLanguage := range part.from {
			if _, taken := part.into[key]; taken {
				panic("readapi: message key " + key + " registered twice")
			}
			part.into[key] = byLanguage
		}
	}
}

// Translate fills in a message in the language; unknown keys show as themselves.
func Translate(language, key string, params map[string]any) string {
	texts, ok := messages[key]
	if !ok {
		return key
	}
	text, ok := texts[language]
	if !ok {
		text = texts["en"]
	}
	for k, v := range params {
		s := fmt.Sprint(v)
		if k == "field" {
			s = FieldName(language, s)
		}
		text = strings.ReplaceAll(text, "{"+k+"}", s)
	}
	return text
}

// FieldName is a field's name in the language, or the field itself when it has none.
func FieldName(language, field string) string {
	if names, ok := fieldNames[field]; ok {
		return names[language]
	}
	return field
}
