package readapitest

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"sync"
)

// AtOnce sends one request for each of users, as that user in app, all released at the
// same moment: a crowd at the door. body(i) is users[i]'s JSON body. It answers the
// responses in the users' order; a request that could not be sent answers status -1
// and its error as Raw. Nothing here may stop the test (its goroutines are not the
// test's), so the caller judges every response.
func (w *WalletWorld) AtOnce(app, method, path string, users []string, body func(i int) any, headers ...string) []Response {
	out := make([]Response, len(users))
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i, user := range users {
		wg.Add(1)
		go func() {
			defer wg.Done()
			raw, _ := json.Marshal(body(i))
			req, _ := http.NewRequest(method, w.Base+path, bytes.NewReader(raw))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Authorization", "Bearer user:"+user)
			req.Header.Set("ApplicationId", app)
			for k := 0; k+1 < len(headers); k += 2 {
				req.Header.Set(headers[k], headers[k+1])
			}
			<-start
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				out[i] = Response{Status: -1, Raw: err.Error()}
				return
			}
			defer res.Body.Close()
			answer, _ := io.ReadAll(res.Body)
			out[i] = Response{Status: res.StatusCode, Header: res.Header, Raw: string(answer)}
			_ = json.Unmarshal(answer, &out[i].Body)
		}()
	}
	close(start)
	wg.Wait()
	return out
}
