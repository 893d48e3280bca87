package org.springframework.web.multipart;

import java.io.IOException;
import java.io.InputStream;

public interface MultipartFile {
    String getOriginalFilename();

    long getSize();

    InputStream getInputStream() throws IOException;
}
