# syntax=docker/dockerfile:1

# The single-page app: web/dist is embedded into the binary (web/embed.go).
FROM node:20 AS web
WORKDIR /src/web
COPY web/package.json web/package-lock.json ./
RUN npm ci
COPY web/ ./
RUN npm run build

# The server, with the built app in place of the placeholder web/dist.
FROM golang:1.26 AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
COPY --from=web /src/web/dist ./web/dist
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /move ./cmd/move

# A small runtime: static binary, CA certificates and time zones, no shell, not root.
FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /move /move
ENV HTTP_ADDR=:8080
EXPOSE 8080
USER nonroot:nonroot
ENTRYPOINT ["/move"]
CMD ["serve"]
