package io.mcpfuzzer.transport.http.oauth;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import org.junit.jupiter.api.Test;

class ChallengeTest {
    @Test
    void readsQuotedAndBareParametersOfABearerChallenge() {
        Challenge c = Challenge.parse("Bearer error=\"insufficient_scope\", scope=\"a b  c\", "
                + "resource_metadata=\"http://h/.well-known/oauth-protected-resource/mcp\", realm=x");
        assertThat(c.insufficientScope()).isTrue();
        assertThat(c.scopes()).containsExactly("a", "b", "c");
        assertThat(c.resourceMetadata()).isEqualTo("http://h/.well-known/oauth-protected-resource/mcp");
        assertThat(c.params()).containsEntry("realm", "x");
    }

    @Test
    void escapedQuotesMissingHeadersAndGarbageAreHandled() {
        assertThat(Challenge.parse("Bearer error_description=\"say \\\"hi\\\"\"").params())
                .containsEntry("error_description", "say \"hi\"");
        assertThat(Challenge.parse(null).scopes()).isEmpty();
        assertThat(Challenge.parse("Bearer").params()).isEmpty();
        assertThat(Challenge.parse("Bearer ,,, =x, scope=\"unterminated").scopes()).containsExactly("unterminated");
        assertThat(Challenge.parse("Bearer scope=\"" + "a ".repeat(10_000)).scopes()).containsExactly("a");
    }

    @Test
    void namesAreCaseInsensitiveAndANameInsideAnotherNameOrValueIsNotAParam() {
        Challenge c = Challenge.parse("Bearer error=\"invalid_token\", "
                + "Resource_Metadata=\"https://x.example/.well-known/a\\\"b\", scope=read");
        assertThat(c.resourceMetadata()).isEqualTo("https://x.example/.well-known/a\"b");
        assertThat(c.scopes()).containsExactly("read");
        assertThat(c.error()).isEqualTo("invalid_token");
        assertThat(Challenge.parse("Bearer x_resource_metadata=\"a\"").resourceMetadata()).isNull();
        assertThat(Challenge.parse("Bearer realm=\"resource_metadata\"").resourceMetadata()).isNull();
        assertThat(Challenge.parse("Basic realm=\"x\", Bearer resource_metadata=\"/m\"").resourceMetadata())
                .isEqualTo("/m");
    }

    @Test
    void aResourceMetadataThatIsNoUriIsSkipped() {
        URI server = URI.create("http://h:1/mcp");
        assertThat(ResourceMetadataDiscovery.candidates(server, Challenge.parse("Bearer resource_metadata=\"a b\\\\c\"")))
                .extracting(URI::toString)
                .containsExactly("http://h:1/.well-known/oauth-protected-resource/mcp",
                        "http://h:1/.well-known/oauth-protected-resource");
    }

    @Test
    void resourceMetadataCandidatesFollowRfc9728Order() {
        URI server = URI.create("http://h:1/mcp");
        assertThat(ResourceMetadataDiscovery.candidates(server,
                Challenge.parse("Bearer resource_metadata=\"/custom/meta.json\"")))
                .extracting(URI::toString).containsExactly("http://h:1/custom/meta.json",
                        "http://h:1/.well-known/oauth-protected-resource/mcp",
                        "http://h:1/.well-known/oauth-protected-resource");
        assertThat(AuthServerDiscovery.candidates(URI.create("http://a:2/tenant1"))).extracting(URI::toString)
                .containsExactly("http://a:2/.well-known/oauth-authorization-server/tenant1",
                        "http://a:2/.well-known/openid-configuration/tenant1",
                        "http://a:2/tenant1/.well-known/openid-configuration");
        assertThat(AuthServerDiscovery.candidates(URI.create("http://a:2"))).extracting(URI::toString)
                .containsExactly("http://a:2/.well-known/oauth-authorization-server",
                        "http://a:2/.well-known/openid-configuration");
    }

    @Test
    void aResourceMustBeTheServerOrAParentOnTheSameOrigin() {
        URI server = URI.create("http://h:1/api/mcp");
        assertThat(Urls.covers("http://h:1/api/mcp", server)).isTrue();
        assertThat(Urls.covers("http://h:1/api", server)).isTrue();
        assertThat(Urls.covers("http://h:1", server)).isTrue();
        assertThat(Urls.covers("http://h:1/ap", server)).isFalse();
        assertThat(Urls.covers("http://evil:1/api/mcp", server)).isFalse();
        assertThat(Urls.covers("http://h:1/api/mcp#frag", server)).isFalse();
    }
}
